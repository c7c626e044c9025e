import { sql } from "drizzle-orm";
import fc from "fast-check";
import request from "supertest";
import { invariantViolations } from "./features/orderitems/orderitems.testkit";
import type { RunningServer } from "./server";
import {
  activate,
  bearer,
  cookieHeader,
  login,
  ownerWithStaff,
  type Session,
  signUpOwner,
  signUpStaff,
} from "./test/api";
import { describeOnDatabases } from "./test/databases";
import { startTestServer } from "./test/testServer";

/**
 * Generated requests over every write call against the real server: whatever a client sends, the answer
 * is below 500, carries no stack or SQL text, the server stays up, and what is stored afterwards keeps the
 * invariant (no item over its stock) and the schema's bounds. FUZZ_RUNS and FUZZ_SEED reproduce a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 2000);

// --- values ----------------------------------------------------------------------------------------------

const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\uD800",
    "x\uDC00y",
    "🎤",
    "'; DROP TABLE items; --",
    "<script>alert(1)</script>",
    "=SUM(A1)",
    "x".repeat(201),
    "y".repeat(2001),
    "2147483648",
    "-1",
    "1e3",
    " 12 ",
    "true",
    "２",
    "2030-02-30T00:00:00Z",
    "2030-04-01",
    "9999-12-31T23:59:59Z",
    "0000-01-01T00:00:00Z",
  ),
  fc.string({ maxLength: 20, unit: "binary" }).map((s) => s.replace(/\uFFFD/g, "")),
  // A plausible text with one character no stored text may hold.
  fc
    .tuple(
      fc.constantFrom("マイク", "案件", "山田"),
      fc.constantFrom("\u0000", "\uD800", "\uDFFF", "\u0000\u0000"),
    )
    .map(([t, c]) => `${t}${c}`),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31), 1e308, 1_000_000, 1_000_001),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nastyScalar = fc.oneof(nastyString, nastyNumber, fc.constantFrom(null, true, false));
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("id", "x", "group"), nastyScalar, { maxKeys: 2 }) },
);
/** Mostly a plausible value, sometimes a nasty one, sometimes absent (undefined drops the key). */
const field = (plausible: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 5, arbitrary: plausible },
    { weight: 2, arbitrary: nasty },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

const HOUR = 3_600_000;
const at = (h: number) => new Date(Date.parse("2030-04-01T00:00:00Z") + h * HOUR).toISOString();
const title = fc
  .tuple(fc.constantFrom("マイク", "スピーカー", "照明", "ケーブル", "Par"), fc.nat(30))
  .map(([t, n]) => `${t}${n}`);
const date = fc.integer({ min: 0, max: 24 * 30 }).map(at);
const stock = fc.integer({ min: 0, max: 20 });

// --- ids: resolved when the request runs, from what exists then -------------------------------------------

type IdKind = "category" | "item" | "case" | "order" | "user";
type IdRef = { from: "own" | "other"; kind: IdKind; pick: number } | { from: "raw"; value: string | number };
const rawId = fc.constantFrom<string | number>(
  0,
  -1,
  2 ** 31,
  2 ** 31 - 1,
  99_999,
  "abc",
  "1e3",
  "%00",
  "12abc",
  " 1",
);
const idRef = (kind: IdKind): fc.Arbitrary<IdRef> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.nat().map((pick) => ({ from: "own" as const, kind, pick })) },
    { weight: 1, arbitrary: fc.nat().map((pick) => ({ from: "other" as const, kind, pick })) },
    { weight: 1, arbitrary: rawId.map((value) => ({ from: "raw" as const, value })) },
  );

// --- requests ----------------------------------------------------------------------------------------------

type Auth = "owner" | "staff" | "none" | "forged";
type Body =
  | { kind: "json"; value: Record<string, unknown> }
  | { kind: "raw"; text: string; type: string }
  | { kind: "deep" }
  | { kind: "csv"; rows: unknown[][]; truncate: boolean; field: string };
interface Call {
  name: string;
  method: "post" | "put" | "patch" | "delete";
  path: (string | IdRef)[];
  auth: Auth;
  body?: Body;
  cookies?: "session" | "forged" | "none";
}

const auth = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Auth>("owner") },
  { weight: 2, arbitrary: fc.constant<Auth>("staff") },
  { weight: 1, arbitrary: fc.constantFrom<Auth>("none", "forged") },
);
const json = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .record(Object.fromEntries(Object.entries(shape).map(([k, a]) => [k, field(a)])))
    .map((value): Body => ({ kind: "json", value }));
/** Most bodies follow the call's shape; some are malformed JSON, another type, or nested too deep. */
const bodyOf = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 12, arbitrary: json(shape) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('{"a": ', "[1,2", "null", '"x"', "{}}", "\u0000"),
          fc.constantFrom("application/json", "text/plain"),
        )
        .map(([text, type]): Body => ({ kind: "raw", text, type })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: "deep" }) },
  );
const call = (
  name: string,
  method: Call["method"],
  path: fc.Arbitrary<(string | IdRef)[]>,
  body?: fc.Arbitrary<Body>,
  authArb: fc.Arbitrary<Auth> = auth,
): fc.Arbitrary<Call> =>
  fc
    .record({ path, auth: authArb, body: body ?? fc.constant(undefined) })
    .map((r) => ({ name, method, ...r }) as Call);
const p = (...parts: (string | fc.Arbitrary<IdRef>)[]) =>
  fc.tuple(...parts.map((x) => (typeof x === "string" ? fc.constant(x) : x)));

const itemShape = {
  title,
  category: fc.nat(), // replaced by an own category id when it runs
  stock_quantity: stock,
  note: fc.constantFrom("", "予備あり"),
  group: fc.constantFrom("own"),
};
const caseShape = { title, start_date: date, end_date: date, note: fc.constantFrom("", "搬入 9時") };
const csvCell = fc.oneof({ weight: 4, arbitrary: title }, { weight: 1, arbitrary: nastyString });

const weighted = (weight: number, arbitrary: fc.Arbitrary<Call>) => ({ weight, arbitrary });
const calls: fc.Arbitrary<Call> = fc.oneof(
  weighted(2, call("groups", "post", p("/api/groups/"), bodyOf({ name: title }), fc.constant("none"))),
  weighted(
    2,
    call(
      "signup",
      "post",
      p("/api/signup/"),
      bodyOf({
        email: fc.nat(1000).map((n) => `fuzz${n}@example.com`),
        password: fc.constantFrom("password1", "short"),
        groups: fc.constantFrom("own"),
        first_name: title,
        last_name: title,
        is_owner: fc.boolean(),
        is_member: fc.boolean(),
      }),
      fc.constant("none"),
    ),
  ),
  weighted(
    2,
    call(
      "token",
      "post",
      p("/api/token/"),
      bodyOf({ email: fc.constantFrom("owner"), password: fc.constantFrom("password1", "nope") }),
    ),
  ),
  weighted(
    2,
    fc
      .tuple(
        fc.constantFrom("/api/token/refresh/", "/api/logout/"),
        fc.constantFrom("session", "forged", "none"),
      )
      .map(
        ([path, cookies]): Call => ({
          name: path,
          method: "post",
          path: [path],
          auth: "none",
          cookies: cookies as Call["cookies"],
        }),
      ),
  ),
  weighted(
    2,
    call(
      "user.patch",
      "patch",
      p("/api/user/", idRef("user"), "/"),
      bodyOf({ first_name: title, last_name: title }),
    ),
  ),
  weighted(
    2,
    call("user.toggle", "patch", p("/api/user/", idRef("user"), "/"), bodyOf({ is_member: fc.boolean() })),
  ),
  weighted(1, call("user.delete", "delete", p("/api/user/", idRef("user"), "/"))),
  weighted(
    2,
    call(
      "categories.post",
      "post",
      p("/api/categories/"),
      bodyOf({ category: title, group: fc.constantFrom("own") }),
    ),
  ),
  weighted(
    2,
    call("categories.put", "put", p("/api/categories/", idRef("category"), "/"), bodyOf({ category: title })),
  ),
  weighted(1, call("categories.delete", "delete", p("/api/categories/", idRef("category"), "/"))),
  weighted(2, call("items.post", "post", p("/api/items/"), bodyOf(itemShape))),
  weighted(2, call("items.put", "put", p("/api/items/", idRef("item"), "/"), bodyOf(itemShape))),
  weighted(1, call("items.delete", "delete", p("/api/items/", idRef("item"), "/"))),
  weighted(
    2,
    call(
      "import",
      "post",
      p("/api/import-item-csv/"),
      fc
        .record({
          rows: fc.array(
            fc.tuple(csvCell, fc.constantFrom("音響", "照明"), fc.oneof(stock, nastyString), csvCell),
            { maxLength: 4 },
          ),
          truncate: fc.boolean(),
          field: fc.constantFrom("csv_file", "csv_file", "other"),
        })
        .map((r): Body => ({ kind: "csv", ...r })),
    ),
  ),
  weighted(2, call("workcases.post", "post", p("/api/workcases/"), bodyOf(caseShape))),
  weighted(2, call("workcases.put", "put", p("/api/workcases/", idRef("case"), "/"), bodyOf(caseShape))),
  weighted(1, call("workcases.delete", "delete", p("/api/workcases/", idRef("case"), "/"))),
  weighted(
    2,
    call(
      "duplicate",
      "post",
      p("/api/duplicate_work_case/", idRef("case"), "/"),
      bodyOf({ start_date: date, end_date: date }),
    ),
  ),
  weighted(6, call("additem", "post", p("/api/additem/", idRef("item"), "/", idRef("case"), "/"))),
  weighted(3, call("reduceitem", "post", p("/api/reduceitem/", idRef("item"), "/", idRef("case"), "/"))),
  weighted(
    2,
    call(
      "orderitems.edit",
      "patch",
      p("/api/orderitems/", idRef("order"), "/"),
      bodyOf({
        start_date: date,
        end_date: date,
        order_quantity: fc.integer({ min: 1, max: 4 }),
        note: fc.constantFrom("", "x"),
      }),
    ),
  ),
  weighted(
    2,
    call(
      "orderitems.issue",
      "patch",
      p("/api/orderitems/", idRef("order"), "/"),
      bodyOf({ issue: fc.oneof(date, fc.constant(null)) }),
    ),
  ),
  weighted(
    2,
    call(
      "orderitems.receive",
      "patch",
      p("/api/orderitems/", idRef("order"), "/"),
      bodyOf({ receive: fc.oneof(date, fc.constant(null)) }),
    ),
  ),
  weighted(
    2,
    call(
      "export-excel",
      "post",
      p("/api/export-excel/"),
      bodyOf({ workcaseDetail: fc.constantFrom({ id: "case" }), order_items: fc.constantFrom([]) }),
    ),
  ),
);

/** Words of a stack trace or of SQL/driver errors: none may reach a client. */
const LEAK =
  /Failed query|params:|node_modules|\.ts:\d+|\bat \S+ \(|SQLSTATE|duplicate key|violates|syntax error at|invalid input syntax|relation "|column "|\bstack\b/i;

describeOnDatabases("fuzzing every write call", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  beforeAll(async () => {
    server = await startTestServer(driver);
    ({ owner, staff } = await ownerWithStaff(server));
    other = await signUpOwner(server);
    // Something of the other group's to aim at: its rows must come through untouched.
    const api = () => request(server.url);
    const cat = await api()
      .post("/api/categories/")
      .set(bearer(other))
      .send({ category: "他社" })
      .expect(201);
    const item = await api()
      .post("/api/items/")
      .set(bearer(other))
      .send({ title: "他社アイテム", category: cat.body.id, stock_quantity: 3, note: "" })
      .expect(201);
    const c = await api()
      .post("/api/workcases/")
      .set(bearer(other))
      .send({ title: "他社案件", start_date: at(0), end_date: at(48), note: "" })
      .expect(201);
    await api().post(`/api/additem/${item.body.id}/${c.body.id}/`).set(bearer(other)).expect(200);
  });
  afterAll(() => server.close());

  /** A category, two items and a case of the owner's group, made the ordinary way. */
  const stock = async (s: Session, n: number) => {
    const api = () => request(server.url);
    const cat = await api()
      .post("/api/categories/")
      .set(bearer(s))
      .send({ category: `在庫${n}` })
      .expect(201);
    for (const t of ["マイク", "スピーカー"])
      await api()
        .post("/api/items/")
        .set(bearer(s))
        .send({ title: `${t}${n}`, category: cat.body.id, stock_quantity: 3, note: "" })
        .expect(201);
    await api()
      .post("/api/workcases/")
      .set(bearer(s))
      .send({ title: `案件${n}`, start_date: at(24), end_date: at(72), note: "" })
      .expect(201);
  };
  const ids = async (groupId: number): Promise<Record<IdKind, number[]>> => {
    const q = async (table: string) =>
      (
        (await server.deps.database.db.execute(
          sql.raw(`SELECT id FROM ${table} WHERE group_id = ${groupId} ORDER BY id`),
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows.map((r) => r.id);
    return {
      category: await q("categories"),
      item: await q("items"),
      case: await q("work_cases"),
      order: await q("order_items"),
      user: await q("users"),
    };
  };
  /** Everything of a group, for the before/after comparison. */
  const snapshot = async (groupId: number) => {
    const rows = async (table: string) =>
      (
        (await server.deps.database.db.execute(
          sql.raw(`SELECT * FROM ${table} WHERE group_id = ${groupId} ORDER BY id`),
        )) as unknown as { rows: unknown[] }
      ).rows;
    return JSON.stringify([
      await rows("categories"),
      await rows("items"),
      await rows("work_cases"),
      await rows("order_items"),
      await rows("users"),
    ]);
  };

  it(`answers ${RUNS} generated requests below 500, without stack or SQL, and keeps the data valid`, async () => {
    const seed = Number(process.env.FUZZ_SEED || Date.now() % 1_000_000);
    const generated = fc.sample(calls, { numRuns: RUNS, seed });
    const otherBefore = await snapshot(other.groupId);
    const counts = new Map<number, number>();
    const failures: string[] = [];
    let own = await ids(owner.groupId);
    const others = await ids(other.groupId);

    for (const [n, c] of generated.entries()) {
      if (n % 25 === 0) {
        own = await ids(owner.groupId);
        // The fuzz deactivates and deletes members too; a staff member is kept at hand for the role checks.
        if ((await request(server.url).get("/api/user-info/").set(bearer(staff))).status === 401) {
          const s = await signUpStaff(server, owner.groupId);
          await activate(server, owner, s.id);
          staff = await login(server, s.email, s.password);
        }
        // The catalogue and the cases are kept stocked, so that allocation calls have something to act on.
        if (own.item.length < 3 || own.case.length < 2) await stock(owner, n);
      }
      const resolve = (ref: string | IdRef): string => {
        if (typeof ref === "string") return ref;
        if (ref.from === "raw") return encodeURIComponent(String(ref.value));
        const pool = (ref.from === "own" ? own : others)[ref.kind];
        return String(pool.length === 0 ? 1 : pool[ref.pick % pool.length]);
      };
      const path = c.path.map(resolve).join("");
      let req = request(server.url)[c.method](path);
      if (c.auth === "owner") req = req.set(bearer(owner));
      if (c.auth === "staff") req = req.set(bearer(staff));
      if (c.auth === "forged") req = req.set("Authorization", `Bearer ${owner.access.slice(0, -4)}AAAA`);
      if (c.cookies === "session")
        req = req
          .set("Cookie", cookieHeader(owner.cookies))
          .set("X-CSRFToken", owner.cookies.csrftoken ?? "");
      if (c.cookies === "forged")
        req = req.set("Cookie", "refresh_token=x.y; csrftoken=a").set("X-CSRFToken", "a");
      const body = c.body;
      let res: request.Response;
      if (!body) res = await req;
      else if (body.kind === "raw") res = await req.set("Content-Type", body.type).send(body.text);
      else if (body.kind === "deep")
        res = await req
          .set("Content-Type", "application/json")
          .send(`{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`);
      else if (body.kind === "csv") {
        const csv = [
          "アイテム名,カテゴリ,在庫数,メモ",
          ...body.rows.map((r) => r.map(String).join(",")),
        ].join("\n");
        if (body.truncate) {
          const text = `--x\r\nContent-Disposition: form-data; name="${body.field}"; filename="a.csv"\r\n\r\n${csv}`;
          res = await req.set("Content-Type", "multipart/form-data; boundary=x").send(text);
        } else res = await req.attach(body.field, Buffer.from(csv), "items.csv");
      } else {
        const value = { ...body.value };
        for (const [k, v] of Object.entries(value)) {
          if (v === undefined) delete value[k];
          // Placeholders for what only exists at run time.
          if (v === "own") value[k] = k === "groups" ? owner.groupId : owner.groupId;
          if (
            k === "category" &&
            typeof v === "number" &&
            v < 1e6 &&
            Number.isInteger(v) &&
            v >= 0 &&
            own.category.length > 0
          )
            value[k] = own.category[v % own.category.length];
          if (k === "email" && v === "owner") value[k] = owner.email;
          if (k === "workcaseDetail" && JSON.stringify(v) === '{"id":"case"}')
            value[k] = { id: own.case[0] ?? 1 };
        }
        res = await req.send(value);
      }
      counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
      const text = res.type.includes("spreadsheet") ? "" : res.text;
      if (
        res.status >= 500 ||
        (res.status >= 400 && LEAK.test(text)) ||
        /Failed query|node_modules/.test(text)
      ) {
        failures.push(
          `${c.name} ${c.method.toUpperCase()} ${path} ${JSON.stringify(c.body)?.slice(0, 300)} -> ${res.status} ${text.slice(0, 300)}`,
        );
      }
    }

    const byStatus = [...counts.entries()].sort(([a], [b]) => a - b);
    console.info(
      `fuzz [${driver}] seed ${seed}: ${RUNS} requests; by status ${byStatus.map(([s, n]) => `${s}: ${n}`).join(", ")}`,
    );
    expect(failures).toEqual([]);
    await request(server.url).get("/api/healthz").expect(200);

    // Stored data afterwards: the invariant and the schema's bounds.
    expect(await invariantViolations(server.deps.database)).toEqual([]);
    const bad = (await server.deps.database.db.execute(sql`
      SELECT 'item' AS kind, id FROM items
        WHERE stock_quantity < 0 OR stock_quantity > 1000000 OR length(btrim(title)) NOT BETWEEN 1 AND 200
          OR length(note) > 2000 OR strpos(title || note, chr(65533)) > 0
      UNION ALL SELECT 'category', id FROM categories WHERE length(btrim(name)) NOT BETWEEN 1 AND 200
          OR strpos(name, chr(65533)) > 0
      UNION ALL SELECT 'case', id FROM work_cases WHERE start_date > end_date OR length(btrim(title)) NOT BETWEEN 1 AND 200
          OR length(note) > 2000 OR strpos(title || note, chr(65533)) > 0
      UNION ALL SELECT 'order', id FROM order_items WHERE order_quantity < 1 OR start_date > end_date
          OR (receive IS NOT NULL AND issue IS NULL)
      UNION ALL SELECT 'user', id FROM users WHERE length(btrim(first_name)) NOT BETWEEN 1 AND 200
          OR length(btrim(last_name)) NOT BETWEEN 1 AND 200 OR strpos(first_name || last_name, chr(65533)) > 0
    `)) as unknown as { rows: unknown[] };
    expect(bad.rows).toEqual([]);
    // The other group was aimed at and never touched.
    expect(await snapshot(other.groupId)).toBe(otherBefore);
  }, 180_000);
});
