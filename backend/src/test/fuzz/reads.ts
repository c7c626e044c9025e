import fc from "fast-check";
import { type Call, call, dayQuery, idRef, p, type QueryValue, queryOf } from "./call";
import { date, quantity } from "./values";

/**
 * Every read call, with its query strings: ids of the caller's group, another group or nonsense; days and
 * instants at the ends of their ranges; counts written loosely; parameters repeated or missing.
 */

const id = (kind: Parameters<typeof idRef>[0]) => idRef(kind) as fc.Arbitrary<QueryValue>;
const text = (a: fc.Arbitrary<unknown>) => a.map((v) => String(v)) as fc.Arbitrary<QueryValue>;
const weighted = (weight: number, arbitrary: fc.Arbitrary<Call>) => ({ weight, arbitrary });
const get = (
  name: string,
  path: fc.Arbitrary<(string | import("./call").IdRef)[]>,
  query?: fc.Arbitrary<Record<string, QueryValue>>,
) => call(name, "get", path, undefined, undefined, query);

/** The spec's weekly view path: a day near the cases, at the ends of the range, or no day at all. */
const weekPath = fc
  .oneof(
    { weight: 4, arbitrary: fc.constantFrom(["2030", "4", "1"], ["2030", "04", "15"]) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ["1900", "1", "1"],
        ["1899", "12", "31"],
        ["9998", "12", "31"],
        ["9999", "12", "31"],
        ["0", "1", "1"],
        ["2030", "2", "30"],
        ["2030", "13", "1"],
        ["99999", "1", "1"],
        ["2030", "1", "1e1"],
      ),
    },
  )
  .map(([y, m, d]) => [`/api/items/${y}/${m}/${d}/`]);

export const readCalls: fc.Arbitrary<Call> = fc.oneof(
  weighted(1, get("healthz", p("/api/healthz/"))),
  weighted(1, call("groups.list", "get", p("/api/groups/"), undefined, fc.constant("none"))),
  weighted(1, get("user-info", p("/api/user-info/"))),
  weighted(1, get("user.list", p("/api/user/"), queryOf({ groups: text(fc.constantFrom("1", "x")) }))),
  weighted(1, get("user.detail", p("/api/user/", idRef("user"), "/"))),
  weighted(1, get("export-csv", p("/api/export-csv/"))),
  weighted(1, get("categories.list", p("/api/categories/"))),
  weighted(1, get("items.list", p("/api/items/"), queryOf({ category: id("category") }))),
  weighted(1, get("items.allocations", p("/api/items/", idRef("item"), "/allocations/"))),
  weighted(1, get("items.outages", p("/api/items/", idRef("item"), "/outages/"))),
  weighted(2, get("weekly", weekPath)),
  weighted(1, get("workcases.list", p("/api/workcaselist/"))),
  weighted(1, get("workcases.detail", p("/api/workcases/", idRef("case"), "/"))),
  weighted(1, get("workcases.overdue", p("/api/workcases/", idRef("case"), "/overdue/"))),
  weighted(2, get("orderitems.list", p("/api/orderitems/"), queryOf({ work_case: id("case") }))),
  weighted(1, get("sets.list", p("/api/sets/"))),
  weighted(1, get("setlines.list", p("/api/setlines/"), queryOf({ work_case: id("case") }))),
  weighted(1, get("movements", p("/api/orderitems/", idRef("order"), "/movements/"))),
  weighted(1, get("summary", p("/api/inventorysummary/", idRef("case"), "/summary/"))),
  weighted(2, get("warehouse", p("/api/warehouse/"), queryOf({ date: dayQuery }))),
  weighted(1, get("warehouse.overdue", p("/api/warehouse/overdue/"), queryOf({ date: dayQuery }))),
  weighted(
    2,
    get(
      "holders",
      p("/api/availability/items/", idRef("item"), "/holders/"),
      queryOf({
        case: id("case"),
        start: text(date),
        end: text(date),
        quantity: text(quantity),
        more: text(fc.constantFrom(0, 1, 1_000_000, 1_000_001, "x")),
      }),
    ),
  ),
  weighted(
    2,
    get(
      "timeline",
      p("/api/availability/timeline/"),
      queryOf({
        item: id("item"),
        category: id("category"),
        from: dayQuery,
        weeks: text(fc.constantFrom(0, 1, 4, 8, 9, "x", "1e1")),
      }),
    ),
  ),
  weighted(
    1,
    get(
      "history",
      p("/api/history/"),
      queryOf({ work_case: id("case"), item: id("item"), before: text(fc.constantFrom(1, 2 ** 31, "x")) }),
    ),
  ),
  weighted(
    1,
    get(
      "history.export",
      p("/api/history/export/"),
      queryOf({ from: dayQuery, to: dayQuery, work_case: id("case"), item: id("item") }),
    ),
  ),
  weighted(
    1,
    get(
      "download",
      fc
        .constantFrom(
          "item_template.csv",
          "set_template.csv",
          "other.csv",
          "..%2f..%2fpackage.json",
          "%2e%2e/%2e%2e/etc/passwd",
          "item_template.csv%00",
          "",
        )
        .map((name) => [`/download/template/${name}`]),
    ),
  ),
  // The bell and the calendar (docs/notifications.md): ids of nothing, feed secrets that are not one.
  weighted(
    1,
    get(
      "notifications",
      p("/api/notifications/"),
      queryOf({
        unread: text(fc.constantFrom("1", "0", "x")),
        before: text(fc.constantFrom(1, 2 ** 31, "x")),
      }),
    ),
  ),
  weighted(1, get("notifications.count", p("/api/notifications/unread_count/"))),
  weighted(1, get("calendar-feed", p("/api/calendar-feed/"))),
  weighted(1, get("calendar.case", p("/api/calendar/cases/", idRef("case"), "/"))),
  weighted(
    1,
    call(
      "calendar.feed",
      "get",
      fc
        .constantFrom(
          `${"A".repeat(43)}.ics`,
          "x.ics",
          "%00.ics",
          "A".repeat(43),
          "..%2F.ics",
          `${"A".repeat(500)}.ics`,
        )
        .map((file) => [`/api/calendar/feed/${file}`]),
      undefined,
      fc.constant("none"),
    ),
  ),
);
