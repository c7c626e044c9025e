/**
 * What reading bookings through the view order_item_bookings (early returns free stock: docs/lifecycle.md,
 * part 4) costs the + at the database, without HTTP: add_allocation_unit of this checkout against the same
 * function reading order_items as planned (the source file with the view's read replaced by the earlier one),
 * measured as addUnitVariants.ts describes. Each item already has order items of 8 overlapping cases
 * (BENCH_OTHERS), each with 2 units out and 1 of them back early, so the view's early-return rows are read on
 * every call. Prints; writes nothing.
 *
 *   node -r esbuild-register scripts/bench/bookingsViewCost.ts
 */
import { compareAddUnit } from "./addUnitVariants";

/** BENCH_OTHERS=0: items with no other order items (as the allocation benchmark's), to see the view's fixed cost. */
const OTHERS = Number(process.env.BENCH_OTHERS ?? 8);

void compareAddUnit({
  current: "add_allocation_unit (bookings through order_item_bookings)",
  variant: "the same reading order_items as planned",
  ratio: "view / as planned",
  variantSource: (source) => {
    const viewRead = source.slice(
      source.indexOf("    -- What order items hold"),
      source.indexOf("      -- Cancelled cases hold no stock"),
    );
    if (!viewRead.includes("FROM order_item_bookings o")) throw new Error("view read not found");
    return source.replace(
      viewRead,
      `    SELECT o.start_date, o.end_date, o.order_quantity AS quantity
    FROM order_items o
    WHERE o.item_id = p_item
      AND o.start_date <= v_unit.end_date AND o.end_date >= v_unit.start_date
`,
    );
  },
  // OTHERS other cases over the same period: 2 units of each item out, 1 of them back early.
  prepare: async (insertId, ids, items, label) => {
    for (let k = 0; k < OTHERS; k++) {
      const other = await insertId(
        "INSERT INTO work_cases (group_id, title, start_date, end_date, note) VALUES ($1, $2, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', '') RETURNING id",
        [ids.group, `${label}-other-${k}`],
      );
      for (const item of items) {
        const orderItem = await insertId(
          "INSERT INTO order_items (group_id, work_case_id, item_id, order_quantity, start_date, end_date, issued_quantity, received_quantity) VALUES ($1, $2, $3, 2, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', 2, 1) RETURNING id",
          [ids.group, other, item],
        );
        await insertId(
          "INSERT INTO order_item_movements (group_id, order_item_id, kind, quantity, at, member_name) VALUES ($1, $2, 'issue', 2, '2026-12-31T00:00:00Z', ''), ($1, $2, 'receive', 1, '2027-01-15T00:00:00Z', '') RETURNING id",
          [ids.group, orderItem],
        );
      }
    }
  },
});
