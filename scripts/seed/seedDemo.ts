/**
 * Fills a new group of a running server with demo data a rental company would recognise (see demoPlan.ts),
 * through the public HTTP API only, so every rule of the server (no overbooking, tenancy) holds for the demo
 * data too, on either database. Used by `npm run seed-demo` (scripts/seed-demo.ts).
 */
import { buildDemoPlan, type DemoCase } from "./demoPlan";

export interface SeedOptions {
  base: string;
  email: string;
  password: string;
  groupName: string;
  now?: Date;
  /** How many cases (40 by default). */
  caseCount?: number;
}

export interface SeedResult {
  items: number;
  cases: number;
  units: number;
}

/** A minimal JSON client of the API; a bearer token needs no CSRF header. */
function apiClient(base: string) {
  async function call(method: string, path: string, token?: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    return fetch(`${base}${path}`, { method, headers, body: payload });
  }
  async function json<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const res = await call(method, path, token, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? {} : await res.json()) as T;
  }
  return { call, json };
}
type Api = ReturnType<typeof apiClient>;

async function signUpOwner(api: Api, o: SeedOptions): Promise<{ token: string; groupId: number }> {
  const group = await api.call("POST", "/api/groups/", undefined, { name: o.groupName });
  if (group.status === 400) {
    throw new Error(
      `the group "${o.groupName}" exists already (seeded before?): sign in as ${o.email}, or set SEED_GROUP and SEED_EMAIL`,
    );
  }
  if (!group.ok) throw new Error(`POST /api/groups/: ${group.status} ${await group.text()}`);
  const { id } = (await group.json()) as { id: number };
  await api.json("POST", "/api/signup/", undefined, {
    email: o.email,
    password: o.password,
    groups: [id],
    first_name: "太郎",
    last_name: "山田",
    is_owner: true,
    is_member: true,
  });
  const { access } = await api.json<{ access: string }>("POST", "/api/token/", undefined, {
    email: o.email,
    password: o.password,
  });
  return { token: access, groupId: id };
}

/** Two staff members: one activated by the owner, one still waiting for activation. */
async function addStaff(api: Api, o: SeedOptions, token: string, groupId: number): Promise<void> {
  const staff = [
    { first_name: "花子", last_name: "佐藤", local: "sato", activate: true },
    { first_name: "健太", last_name: "鈴木", local: "suzuki", activate: false },
  ];
  const [user, domain] = o.email.split("@");
  for (const s of staff) {
    const created = await api.json<{ id: number }>("POST", "/api/signup/", undefined, {
      email: `${user}+${s.local}@${domain}`,
      password: o.password,
      groups: [groupId],
      first_name: s.first_name,
      last_name: s.last_name,
      is_owner: false,
      is_member: false,
    });
    if (s.activate) await api.json("PATCH", `/api/user/${created.id}/`, token, { is_member: true });
  }
}

/** The item ids by title: the inventory summary of any case lists every item of the group. */
async function itemIdsByTitle(api: Api, token: string): Promise<Map<string, number>> {
  const now = new Date().toISOString();
  const probe = await api.json<{ id: number }>("POST", "/api/workcases/", token, {
    title: "在庫確認用",
    start_date: now,
    end_date: now,
    note: "",
  });
  const rows = await api.json<{ id: number; name: string }[]>(
    "GET",
    `/api/inventorysummary/${probe.id}/summary/`,
    token,
  );
  await api.json("DELETE", `/api/workcases/${probe.id}/`, token);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Creates one case and allocates what the plan asks for, unit by unit, as coordinators would. */
async function seedCase(api: Api, token: string, c: DemoCase, itemIds: Map<string, number>): Promise<number> {
  const created = await api.json<{ id: number }>("POST", "/api/workcases/", token, {
    title: c.title,
    start_date: c.start.toISOString(),
    end_date: c.end.toISOString(),
    note: c.note,
  });
  let units = 0;
  for (const line of c.lines) {
    const itemId = itemIds.get(line.title);
    if (itemId === undefined) continue;
    let orderItemId: number | undefined;
    for (let i = 0; i < line.quantity; i++) {
      const res = await api.call("POST", `/api/additem/${itemId}/${created.id}/`, token);
      if (res.status === 409) break; // booked out by earlier demo cases: keep what fitted
      if (!res.ok) throw new Error(`POST /api/additem/: ${res.status} ${await res.text()}`);
      orderItemId = ((await res.json()) as { order_item: { id: number } }).order_item.id;
      units++;
    }
    if (orderItemId === undefined || !c.issuedAt) continue;
    const path = `/api/orderitems/${orderItemId}/`;
    await api.json("PATCH", path, token, { issue: c.issuedAt.toISOString() });
    if (c.receivedAt && !line.stillOut)
      await api.json("PATCH", path, token, { receive: c.receivedAt.toISOString() });
  }
  return units;
}

/** Seeds one new group; fails with a readable message when the server is down or the group exists. */
export async function seedDemo(o: SeedOptions): Promise<SeedResult> {
  const api = apiClient(o.base.replace(/\/$/, ""));
  const health = await api.call("GET", "/api/healthz").catch(() => undefined);
  if (!health?.ok) throw new Error(`no server at ${o.base}: start it first (npm start), or set SEED_URL`);
  const plan = buildDemoPlan(o.now ?? new Date(), o.caseCount);
  const { token, groupId } = await signUpOwner(api, o);
  await addStaff(api, o, token, groupId);
  const form = new FormData();
  form.append("csv_file", new Blob([`\uFEFF${plan.itemsCsv}`], { type: "text/csv" }), "demo_items.csv");
  const imported = await api.json<{ created: number }>("POST", "/api/import-item-csv/", token, form);
  const itemIds = await itemIdsByTitle(api, token);
  let units = 0;
  for (const c of plan.cases) units += await seedCase(api, token, c, itemIds);
  return { items: imported.created, cases: plan.cases.length, units };
}
