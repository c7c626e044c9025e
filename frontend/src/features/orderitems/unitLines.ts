import type { OrderItemDto } from "../../lib/allocation";

/**
 * Whether a shipped item's 出庫 / 入庫 toggle opens the unit scan rather than sending the spec's PATCH
 * (docs/units.md): on a tracked line, 出庫 while nothing is out yet (its units must be named) and 入庫 while units
 * are out (which came back, and in what state, as the board asks). 出庫解除 / 入庫解除 stay the toggle, and so does a
 * 入庫 with nothing out (the server answers it as before).
 */
export function scansOnToggle(o: OrderItemDto, kind: "issue" | "receive"): boolean {
  if (!o.items.unit_tracked) return false;
  return kind === "issue" ? !o.issue : !o.receive && o.units_out.length > 0;
}
