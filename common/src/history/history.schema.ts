import "../zodConfig";
import { z } from "zod";
import { readDay } from "../input";

/** What a history entry records (docs/history.md). */
export const HISTORY_ACTIONS = [
  "case.create",
  "case.update",
  "case.delete",
  "case.duplicate",
  "case.status",
  "orderitem.add",
  "orderitem.reduce",
  "orderitem.edit",
  "orderitem.issue",
  "orderitem.receive",
  "orderitem.issue_cleared",
  "orderitem.receive_cleared",
  "orderitem.movement_undone",
  "orderitem.outage_reported",
  "orderitem.outage_resolved",
  "item.create",
  "item.update",
  "item.delete",
  "item.import",
  // セット品 (docs/sets.md): sets booked on a case, and the set catalogue. item_title holds the set's title.
  "set.add",
  "set.reduce",
  "set.create",
  "set.update",
  "set.delete",
  // 個体管理 (docs/units.md): item_title is the item's; the tag is in before/after.
  "unit.tracking",
  "unit.add",
  "unit.retire",
  "unit.update",
  // 外部手配 (docs/subrental.md): item_title is the item's, case_title the case it was made for (if any).
  "subrental.create",
  "subrental.update",
  "subrental.status",
  "member.activate",
  "member.deactivate",
  "member.delete",
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** Values before and after a change, by field (order_quantity, stock_quantity, title, start_date, …). */
export type HistoryValues = Record<string, string | number | boolean | null>;

/** One recorded change as it leaves the server (REST and the `history.added` event). */
export interface HistoryEntryDto {
  id: number;
  at: string;
  /** Who: member id (kept after the member is deleted; null for the system) and name at the time. */
  actor: number | null;
  actor_name: string;
  action: HistoryAction;
  work_case: number | null;
  case_title: string | null;
  item: number | null;
  item_title: string | null;
  member: number | null;
  member_name: string | null;
  quantity: number | null;
  before: HistoryValues | null;
  after: HistoryValues | null;
}

/** A day the API reads (common/input.ts: a real date within the day range). */
const day = z.string().refine((value) => readDay(value) === value);

/** GET /api/history/export/ query: a period of business days, both ends included. */
export const HistoryExportQuerySchema = z
  .object({
    from: day,
    to: day,
  })
  .refine((q) => q.from <= q.to, { path: ["from"] });
