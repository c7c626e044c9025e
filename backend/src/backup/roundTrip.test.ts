import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDemo } from "../../../scripts/seed/seedDemo";
import { describeOnPostgres, openFreshPostgres } from "../test/databases";
import { type AppProcess, migratedDataDir, startAppProcess } from "../test/processes";
import { moveDatabase } from "./move";

const OWNER = { email: "demo@example.com", password: "demo-password" };
const STAFF = { email: "demo+sato@example.com", password: "demo-password" };

async function signIn(app: AppProcess, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${app.url}/api/token/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${who.email}: ${res.status}`);
  return ((await res.json()) as { access: string }).access;
}

/**
 * Every list call of the group, with what each answered: the groups, members, categories and their items,
 * cases with their order items, summaries, overdue lists and history, each order item's movements, each
 * item's allocations and outages (the first 40 items), the warehouse lists and the day's item list.
 */
async function dumpReads(app: AppProcess, token: string): Promise<Record<string, unknown>> {
  const dump: Record<string, unknown> = {};
  const get = async <T>(url: string): Promise<T> => {
    const res = await fetch(`${app.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
    // The warehouse answers with the server's clock beside the data: not something a move carries.
    const data =
      typeof body === "object" && body && !Array.isArray(body)
        ? Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([key]) => key !== "now"))
        : body;
    dump[url] = { status: res.status, data };
    return body as T;
  };
  const today = new Date();
  for (const url of [
    "/api/groups/",
    "/api/user/",
    "/api/user-info/",
    "/api/history/",
    "/api/warehouse/",
    "/api/warehouse/overdue/",
  ]) {
    await get(url);
  }
  await get(`/api/items/${today.getUTCFullYear()}/${today.getUTCMonth() + 1}/${today.getUTCDate()}/`);
  const itemIds: number[] = [];
  for (const category of await get<{ id: number }[]>("/api/categories/")) {
    for (const item of await get<{ id: number }[]>(`/api/items/?category=${category.id}`))
      itemIds.push(item.id);
  }
  for (const kase of await get<{ id: number }[]>("/api/workcaselist/")) {
    await get(`/api/workcases/${kase.id}/`);
    await get(`/api/inventorysummary/${kase.id}/summary/`);
    await get(`/api/workcases/${kase.id}/overdue/`);
    await get(`/api/history/?work_case=${kase.id}`);
    for (const orderItem of await get<{ id: number }[]>(`/api/orderitems/?work_case=${kase.id}`)) {
      await get(`/api/orderitems/${orderItem.id}/movements/`);
    }
  }
  for (const id of itemIds.slice(0, 40)) {
    await get(`/api/items/${id}/allocations/`);
    await get(`/api/items/${id}/outages/`);
  }
  return dump;
}

/**
 * The seeded demo group moved embedded → PostgreSQL → embedded: each move verifies every table's count and
 * checksum; both moves carry the same checksums; and the app started on each database answers every list
 * call the same, to members signing in with the same passwords.
 */
describeOnPostgres("db:move round trip embedded → PostgreSQL → embedded", () => {
  const root = mkdtempSync(path.join(tmpdir(), "zaiko-roundtrip-"));
  const processes: AppProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const p of processes) await p.crash();
    for (const clean of cleanups) await clean();
    rmSync(root, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const app = await startAppProcess({ REDIS_URL: "", BACKUP_INTERVAL_HOURS: "0", ...env });
    processes.push(app);
    return app;
  };
  const readsOf = async (app: AppProcess) => {
    const [owner, staff] = await Promise.all([
      signIn(app, OWNER).then((token) => dumpReads(app, token)),
      signIn(app, STAFF).then((token) => dumpReads(app, token)),
    ]);
    return { owner, staff };
  };

  it("gives equal checksums and the same answers to every list call on each database", async () => {
    const first = { kind: "pglite" as const, dataDir: await migratedDataDir(path.join(root, "first")) };
    const embedded = await start({ DATA_DIR: first.dataDir, DATABASE_URL: "" });
    await seedDemo({ base: embedded.url, ...OWNER, groupName: "デモ・イベント機材レンタル", caseCount: 6 });
    const before = await readsOf(embedded);
    expect(Object.keys(before.owner).length).toBeGreaterThan(50);
    await embedded.stop();

    const pg = await openFreshPostgres();
    cleanups.push(() => pg.close());
    const there = await moveDatabase(first, { kind: "pg", url: pg.url });
    // Moved back before any app signs in on PostgreSQL (a sign-in writes a refresh token).
    const last = { kind: "pglite" as const, dataDir: path.join(root, "last") };
    const back = await moveDatabase({ kind: "pg", url: pg.url }, last);
    expect(back.backup.checksums).toEqual(there.backup.checksums);

    const onPostgres = await start({ DATABASE_URL: pg.url });
    expect(await readsOf(onPostgres)).toEqual(before);
    await onPostgres.stop();
    const embeddedAgain = await start({ DATA_DIR: last.dataDir, DATABASE_URL: "" });
    expect(await readsOf(embeddedAgain)).toEqual(before);
    await embeddedAgain.stop();
  }, 400_000);
});
