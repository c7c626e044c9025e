import fc from "fast-check";
import request from "supertest";
import { at } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { bearer, cookieHeader, type Session } from "./api";

/**
 * The requests app.fuzz.test.ts sends: every write call, with bodies that mostly follow the call's shape
 * and otherwise carry nasty values, malformed JSON, another content type, deep nesting or a truncated
 * upload; ids of the caller's group, of another group, or out of range; as owner, staff, nobody or with a
 * forged token.
 */

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

const title = fc
  .tuple(fc.constantFrom("マイク", "スピーカー", "照明", "ケーブル", "Par"), fc.nat(30))
  .map(([t, n]) => `${t}${n}`);
const date = fc.integer({ min: 0, max: 24 * 30 }).map(at);
const stock = fc.integer({ min: 0, max: 20 });

// --- ids: resolved when the request runs, from what exists then -------------------------------------------

export type IdKind = "category" | "item" | "case" | "order" | "user";
export type IdRef =
  | { from: "own" | "other"; kind: IdKind; pick: number }
  | { from: "raw"; value: string | number };
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
export interface Call {
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
export const calls: fc.Arbitrary<Call> = fc.oneof(
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

/** Who sends and what exists when a generated call runs. */
export interface FuzzContext {
  server: RunningServer;
  owner: Session;
  staff: Session;
  /** Ids of the owner's group and of another group, by kind. */
  own: Record<IdKind, number[]>;
  others: Record<IdKind, number[]>;
}

/** Sends one generated call, resolving its ids and placeholders against what exists now. */
export async function sendCall(c: Call, { server, owner, staff, own, others }: FuzzContext) {
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
    req = req.set("Cookie", cookieHeader(owner.cookies)).set("X-CSRFToken", owner.cookies.csrftoken ?? "");
  if (c.cookies === "forged")
    req = req.set("Cookie", "refresh_token=x.y; csrftoken=a").set("X-CSRFToken", "a");
  return { path, res: await send(req, c.body, owner, own) };
}

/** The body of a generated call, with its run-time placeholders filled in. */
function send(req: request.Test, body: Body | undefined, owner: Session, own: Record<IdKind, number[]>) {
  if (!body) return req;
  if (body.kind === "raw") return req.set("Content-Type", body.type).send(body.text);
  if (body.kind === "deep")
    return req.set("Content-Type", "application/json").send(`{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`);
  if (body.kind === "csv") {
    const csv = ["アイテム名,カテゴリ,在庫数,メモ", ...body.rows.map((r) => r.map(String).join(","))].join(
      "\n",
    );
    if (!body.truncate) return req.attach(body.field, Buffer.from(csv), "items.csv");
    // The body ends inside the part: no closing boundary.
    const text = `--x\r\nContent-Disposition: form-data; name="${body.field}"; filename="a.csv"\r\n\r\n${csv}`;
    return req.set("Content-Type", "multipart/form-data; boundary=x").send(text);
  }
  const value = { ...body.value };
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) delete value[k];
    // Placeholders for what only exists at run time.
    if (v === "own") value[k] = owner.groupId;
    if (k === "email" && v === "owner") value[k] = owner.email;
    if (k === "workcaseDetail" && JSON.stringify(v) === '{"id":"case"}') value[k] = { id: own.case[0] ?? 1 };
    // A plausible category (a small natural number) names one of the group's categories.
    if (
      k === "category" &&
      Number.isInteger(v) &&
      (v as number) >= 0 &&
      (v as number) < 1e6 &&
      own.category.length > 0
    )
      value[k] = own.category[(v as number) % own.category.length];
  }
  return req.send(value);
}
