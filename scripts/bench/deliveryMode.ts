/**
 * Issue 40, point 5, in the allocation benchmark: mail and webhooks must never delay a write. Two app
 * processes of this checkout, each on a scratch database of its own, with the same data and the same
 * background of events and movements:
 *  - off: no SMTP_URL / MAIL_FROM, no webhooks (mail and webhooks off);
 *  - on, failing: SMTP_URL at a server that accepts connections and never answers (a mail server that hangs:
 *    each conversation waits MAIL_TIMEOUT_MS for its greeting), and three webhooks of the group at an HTTP
 *    server that reads each request and never answers (each call waits WEBHOOK_TIMEOUT_MS).
 * Each group has 300 仮押さえ due in two hours (300 reminders: 300 mails and 900 webhook calls queued at the
 * first pass) and, while the benchmark runs, a background loop that confirms one of them (an event: three
 * more webhook calls), issues one unit and receives it (movements), four times a second; its latencies are
 * the movements' figures. The '+' closed loop of each process runs in the benchmark's turns.
 */

import { readFileSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { Pool } from "pg";
import { openFreshPostgres } from "../../backend/src/test/databases";
import { startAppProcess } from "../../backend/src/test/processes";
import { api, benchGroup } from "./benchApi";
import { additem } from "./loops";
import { RawHttpClient } from "./rawHttp";

const HOLDS = 300;
const WEBHOOKS = 3;
const BACKGROUND_EVERY_MS = 250;

/** Accepts SMTP connections and never says a word. */
async function silentSmtp() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => {});
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => sockets.size,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Reads each webhook call and never answers. */
async function hangingReceiver() {
  let calls = 0;
  const server = http.createServer((req) => {
    req.resume();
    req.on("end", () => calls++);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls: () => calls,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export interface Workload {
  items: number[];
  cases: number[];
}

type WorkloadOn = (
  base: string,
  access: string,
  group: { id: number },
  category: { id: number },
  label: string,
) => Promise<Workload>;

/** Latencies (ms) of the background's writes. */
export interface Background {
  confirm: number[];
  issue: number[];
  receive: number[];
  errors: number;
}

export async function startDeliveryMode(on: boolean, workloadOn: WorkloadOn, clients: number, pool: number) {
  const database = await openFreshPostgres();
  const smtp = on ? await silentSmtp() : undefined;
  const receiver = on ? await hangingReceiver() : undefined;
  const app = await startAppProcess({
    DATABASE_URL: database.url,
    LOG_LEVEL: "silent",
    PG_POOL_SIZE: String(pool),
    ...(on ? { SMTP_URL: smtp!.url, MAIL_FROM: "bench@example.jp", WEBHOOK_ALLOW_PRIVATE: "1" } : {}),
  });
  const { group, access, category } = await benchGroup(app.url);
  if (on) {
    for (let i = 0; i < WEBHOOKS; i++) {
      await api(app.url, "POST", "/api/webhooks/", access, { url: receiver!.url, format: "json" });
    }
  }
  const holdUntil = new Date(Date.now() + 2 * 3_600_000).toISOString();
  const holds: number[] = [];
  for (let i = 0; i < HOLDS; i++) {
    const wc = await api(app.url, "POST", "/api/workcases/", access, {
      title: `hold-${i}`,
      start_date: "2027-03-01T09:00:00+09:00",
      end_date: "2027-03-02T18:00:00+09:00",
      note: "",
      status: "tentative",
      hold_until: holdUntil,
      group: group.id,
    });
    holds.push(wc.id);
  }
  // One order item of many units for the movements: issue one, receive it, again and again.
  const item = await api(app.url, "POST", "/api/items/", access, {
    title: "movement-item",
    category: category.id,
    stock_quantity: 1_000_000,
    note: "",
    group: group.id,
  });
  const kase = await api(app.url, "POST", "/api/workcases/", access, {
    title: "movements",
    start_date: "2027-04-01T09:00:00+09:00",
    end_date: "2027-04-02T18:00:00+09:00",
    note: "",
    group: group.id,
  });
  await api(app.url, "POST", `/api/additem/${item.id}/${kase.id}/`, access);
  const [row] = await api(app.url, "GET", `/api/orderitems/?work_case=${kase.id}`, access);
  await api(app.url, "PATCH", `/api/orderitems/${row.id}/`, access, {
    start_date: row.start_date,
    end_date: row.end_date,
    order_quantity: 100_000,
    note: "",
  });
  const warmUp = await workloadOn(app.url, access, group, category, `${on ? "on" : "off"}-warm-up`);
  const load = await workloadOn(app.url, access, group, category, on ? "delivery-on" : "delivery-off");

  const auth = { Authorization: `Bearer ${access}` };
  const users = Array.from({ length: clients }, () => new RawHttpClient(new URL(app.url)));
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const call = async (w: Workload, c: number) =>
    (await users[c]!.request("POST", `/api/additem/${pick(w.items)}/${w.cases[c]!}/`, auth)) === 200;

  const background: Background = { confirm: [], issue: [], receive: [], errors: 0 };
  let running = true;
  const timed = async (into: number[], op: () => Promise<unknown>) => {
    const t0 = performance.now();
    try {
      await op();
      into.push(performance.now() - t0);
    } catch {
      background.errors++;
    }
  };
  const backgroundLoop = (async () => {
    let next = 0;
    while (running) {
      const started = performance.now();
      const hold = holds[next++];
      if (hold !== undefined) {
        await timed(background.confirm, () =>
          api(app.url, "POST", `/api/workcases/${hold}/status/`, access, { status: "confirmed" }),
        );
      }
      await timed(background.issue, () =>
        api(app.url, "POST", `/api/orderitems/${row.id}/issue/`, access, { quantity: 1 }),
      );
      await timed(background.receive, () =>
        api(app.url, "POST", `/api/orderitems/${row.id}/receive/`, access, { quantity: 1 }),
      );
      const wait = BACKGROUND_EVERY_MS - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();

  /** What the queue did meanwhile (the "on" process: everything pending, attempts cut at the timeouts). */
  const queueState = async () => {
    const db = new Pool({ connectionString: database.url, max: 1 });
    try {
      const { rows } = await db.query(
        `SELECT CASE WHEN webhook_id IS NULL THEN 'mail' ELSE 'webhook' END AS channel, status,
                count(*)::int AS n, sum(attempts)::int AS attempts
         FROM deliveries GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      return rows
        .map((r) => `${r.channel} ${r.status}: ${r.n} (attempts ${r.attempts})`)
        .concat(
          on
            ? [
                `webhook calls received and left hanging: ${receiver!.calls()}`,
                `SMTP connections open: ${smtp!.connections()}`,
              ]
            : [],
        )
        .join("; ");
    } finally {
      await db.end();
    }
  };

  /** CPU seconds the app process has used so far (user + system, from /proc). */
  const cpuSeconds = () => {
    const fields = readFileSync(`/proc/${app.child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  /** One '+' on a random item and case of the measured workload, over a kept-alive node:http agent. */
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const plusAtRate = () => additem(agent, new URL(app.url), pick(load.items), pick(load.cases), access);

  return {
    call,
    plusAtRate,
    cpuSeconds,
    warmUp,
    load,
    background,
    queueState,
    stop: async () => {
      running = false;
      await backgroundLoop;
      for (const user of users) user.close();
      agent.destroy();
      await app.stop();
      await receiver?.close();
      await smtp?.close();
      await database.close();
    },
  };
}
