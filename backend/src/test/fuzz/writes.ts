import fc from "fast-check";
import { type Body, bodyOf, type Call, call, idRef, p } from "./call";
import { date, nastyString, nearNow, quantity, stock, title } from "./values";

/**
 * Every write call: mostly bodies of the call's shape, otherwise nasty values, other JSON, another content
 * type, deep nesting or a truncated upload; ids of the caller's group, of another group or out of range; as
 * owner, staff, nobody or with a forged token.
 */

const itemShape = {
  title,
  category: fc.nat(), // replaced by an own category id when it runs
  stock_quantity: stock,
  note: fc.constantFrom("", "予備あり"),
  group: fc.constantFrom("own"),
};
const caseShape = { title, start_date: date, end_date: date, note: fc.constantFrom("", "搬入 9時") };
const setShape = {
  title,
  category: fc.nat(), // replaced by an own category id when it runs
  note: fc.constantFrom("", "基本構成"),
  parts: fc.array(fc.record({ item: fc.nat(), quantity: fc.oneof(quantity, fc.constant(0)) }), {
    maxLength: 3,
  }),
  group: fc.constantFrom("own"),
};
const csvCell = fc.oneof({ weight: 4, arbitrary: title }, { weight: 1, arbitrary: nastyString });

const weighted = (weight: number, arbitrary: fc.Arbitrary<Call>) => ({ weight, arbitrary });
export const writeCalls: fc.Arbitrary<Call> = fc.oneof(
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
  // セット品 (docs/sets.md): the catalogue, and sets booked on cases.
  weighted(
    1,
    call(
      "import-sets",
      "post",
      p("/api/import-set-csv/"),
      fc
        .record({
          rows: fc.array(
            fc.tuple(
              fc.constantFrom("PAセット", "照明セット"),
              fc.constantFrom("音響", "照明"),
              csvCell,
              fc.oneof(quantity, nastyString),
            ),
            { maxLength: 4 },
          ),
          truncate: fc.boolean(),
          field: fc.constantFrom("csv_file", "csv_file", "other"),
        })
        .map((r): Body => ({ kind: "csv", header: "セット名,カテゴリ,構成アイテム,数量", ...r })),
    ),
  ),
  weighted(2, call("sets.create", "post", p("/api/sets/"), bodyOf(setShape))),
  weighted(1, call("sets.edit", "put", p("/api/sets/", idRef("set"), "/"), bodyOf(setShape))),
  weighted(1, call("sets.delete", "delete", p("/api/sets/", idRef("set"), "/"))),
  weighted(4, call("addset", "post", p("/api/addset/", idRef("set"), "/", idRef("case"), "/"))),
  weighted(2, call("reduceset", "post", p("/api/reduceset/", idRef("set"), "/", idRef("case"), "/"))),
  weighted(1, call("setlines.reduce", "post", p("/api/setlines/", idRef("line"), "/reduce/"))),
  weighted(1, call("setlines.issue", "post", p("/api/setlines/", idRef("line"), "/issue/"))),
  weighted(1, call("setlines.receive", "post", p("/api/setlines/", idRef("line"), "/receive/"))),
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
  weighted(
    2,
    call(
      "workcases.status",
      "post",
      p("/api/workcases/", idRef("case"), "/status/"),
      bodyOf({
        status: fc.constantFrom("tentative", "confirmed", "cancelled", "done"),
        hold_until: fc.oneof(nearNow, date),
      }),
    ),
  ),
  weighted(
    3,
    call("movement.issue", "post", p("/api/orderitems/", idRef("order"), "/issue/"), bodyOf({ quantity })),
  ),
  weighted(
    3,
    call(
      "movement.receive",
      "post",
      p("/api/orderitems/", idRef("order"), "/receive/"),
      bodyOf({
        quantity: fc.oneof(quantity, fc.constant(0)),
        lost: fc.oneof(fc.constant(0), quantity),
        broken: fc.oneof(fc.constant(0), quantity),
        repair_due: fc.oneof(date, nearNow),
      }),
    ),
  ),
  weighted(
    2,
    call(
      "orderitems.issueAt",
      "patch",
      p("/api/orderitems/", idRef("order"), "/"),
      bodyOf({ issue: fc.oneof(nearNow, date, fc.constant(null)) }),
    ),
  ),
  weighted(
    2,
    call(
      "orderitems.receiveAt",
      "patch",
      p("/api/orderitems/", idRef("order"), "/"),
      bodyOf({ receive: fc.oneof(nearNow, date, fc.constant(null)) }),
    ),
  ),
  weighted(2, call("movement.undo", "delete", p("/api/orderitems/", idRef("order"), "/movements/latest/"))),
  weighted(1, call("outage.resolve", "post", p("/api/outages/", idRef("movement"), "/resolve/"))),
  // The bell's reads and the calendar feed's secret (docs/notifications.md).
  weighted(1, call("notification.read", "post", p("/api/notifications/", idRef("movement"), "/read/"))),
  weighted(1, call("notifications.read_all", "post", p("/api/notifications/read_all/"))),
  weighted(1, call("calendar-feed.post", "post", p("/api/calendar-feed/"))),
  weighted(1, call("calendar-feed.delete", "delete", p("/api/calendar-feed/"))),
);
