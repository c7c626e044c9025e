import type { RunningServer } from "../../backend/src/server";
import { startTestServer } from "../../backend/src/test/testServer";
import { buildDemoPlan } from "./demoPlan";
import { seedDemo } from "./seedDemo";

const now = new Date("2026-11-25T03:00:00Z");

describe("npm run seed-demo", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer("pglite");
  }, 60_000);
  afterAll(() => server.close());

  // Fewer cases than the command's 40 keep the test short; they still span the same two months.
  const options = () => ({
    base: server.url,
    email: "demo@example.com",
    password: "demo-password",
    groupName: "デモ",
    now,
    caseCount: 16,
  });

  it("fills a new group with items, cases over two months and shipped items in every state", async () => {
    const result = await seedDemo(options());
    const plan = buildDemoPlan(now, 16);
    expect(result.items).toBe(plan.itemCount);
    expect(result.items).toBeGreaterThanOrEqual(200);
    expect(result.cases).toBe(16);
    expect(buildDemoPlan(now).cases).toHaveLength(40);
    expect(result.units).toBeGreaterThan(50);

    const login = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "demo@example.com", password: "demo-password" }),
    });
    const { access } = (await login.json()) as { access: string };
    const get = async <T>(path: string) =>
      (await (
        await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${access}` } })
      ).json()) as T;
    const cases = await get<{ id: number; end_date: string }[]>("/api/workcaselist/");
    expect(cases).toHaveLength(16);
    const ended = cases.filter((c) => new Date(c.end_date) < now);
    expect(ended.length).toBeGreaterThan(2);
    expect(cases.length - ended.length).toBeGreaterThan(2);

    type Line = { issue: string | null; receive: string | null; end_date: string };
    const lines = (
      await Promise.all(cases.map((c) => get<Line[]>(`/api/orderitems/?work_case=${c.id}`)))
    ).flat();
    const overdue = lines.filter((l) => l.issue && !l.receive && new Date(l.end_date) < now);
    expect(overdue.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.issue && l.receive)).toBe(true);
    expect(lines.some((l) => !l.issue)).toBe(true);

    const members = await get<{ is_member: boolean }[]>("/api/user/");
    expect(members.filter((m) => !m.is_member)).toHaveLength(1);
  }, 120_000);

  it("refuses to seed the same group twice, with a message that says what to do", async () => {
    await expect(seedDemo(options())).rejects.toThrow(/exists already/);
  });
});
