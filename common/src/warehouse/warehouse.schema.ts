/**
 * GET /api/warehouse/ (the warehouse board, docs/warehouse.md): the group's shipped items that go out
 * (出庫: their start) or come back (入庫: their end) on a day or the next, and the overdue ones.
 */

import { readDay } from "../inputReaders";
import type { UnitOutDto } from "../orderitems/orderitems.schema";
import type { OverdueWarningDto } from "../orderitems/outages.schema";

/** True for a real calendar date written YYYY-MM-DD within the API's day range (common/input.ts). */
export const isCalendarDay = (value: string): boolean => readDay(value) === value;

/** One shipped item on the board. */
export interface WarehouseRowDto {
  /** The order item id (the one PATCH /api/orderitems/{id}/ takes). */
  id: number;
  item: { id: number; title: string; category_name: string };
  order_quantity: number;
  start_date: string;
  end_date: string;
  issue: string | null;
  receive: string | null;
  /** The order item's row version (docs/realtime.md): the board keeps the newest state it has seen. */
  version: number;
  /** Units out and back so far (出庫済 n/N, 入庫済 n/N), as in the order item. */
  issued_quantity: number;
  received_quantity: number;
  /**
   * Of the received units, those reported lost (紛失) / broken (故障) and not found / repaired yet: the board
   * shows 入庫 3・紛失 1 instead of a plain 入庫済 (docs/warehouse.md). Counted in `received_quantity`.
   */
  lost_quantity: number;
  broken_quantity: number;
  /**
   * Only on a line of a tracked item (個体管理, docs/units.md): the units out on it now, by tag. Count items'
   * rows are as they were.
   */
  units_out?: UnitOutDto[];
  /** Its start (出庫) falls within the section's day. Always false in the overdue section. */
  outgoing: boolean;
  /** Its end (入庫) falls within the section's day. Always true in the overdue section. */
  returning: boolean;
}

/** A part of a set line on the board: its order item (a row of the case) and the units of the line's sets. */
export interface WarehouseSetPartDto {
  order_item: number;
  item: number;
  title: string;
  /** Sets × units per set: what the set's 出庫 / 入庫 moves of this order item. */
  quantity: number;
}

/**
 * A set booked on a case (docs/sets.md), shown as one group over its parts' rows, with a 出庫 / 入庫 of the
 * whole set (POST /api/setlines/{id}/issue/, …/receive/).
 */
export interface WarehouseSetLineDto {
  id: number;
  title: string;
  /** Number of sets. */
  quantity: number;
  parts: WarehouseSetPartDto[];
}

/** A case with its rows of one section (rows by item title). */
export interface WarehouseCaseDto {
  id: number;
  title: string;
  start_date: string;
  end_date: string;
  rows: WarehouseRowDto[];
  /**
   * The case's set lines with a part among this section's rows, by title; absent when there is none (a
   * group without sets gets the board as before).
   */
  set_lines?: WarehouseSetLineDto[];
}

/**
 * Hired units (外部手配, docs/subrental.md) arriving from the supplier (入荷: planned start that day, still 手配中) or
 * going back to it (返却: planned end that day, 入荷済), beside the cases' issues and receives.
 */
export interface WarehouseHireDto {
  sub_rental_id: number;
  kind: "arrive" | "return";
  /** The planned instant (入荷予定 / 返却予定). */
  at: string;
  supplier_name: string;
  item: number;
  item_title: string;
  quantity: number;
  status: "requested" | "received" | "returned" | "cancelled";
  work_case: number | null;
  case_title: string | null;
  /** Units reported lost / broken at a customer against it; a 返却 gives back `return_quantity` (quantity − lost). */
  lost_quantity?: number;
  broken_quantity?: number;
  return_quantity?: number;
}

/** One day's section: the cases whose rows start or end that day. */
export interface WarehouseDayDto {
  /** "YYYY-MM-DD" in the business zone. */
  date: string;
  /** Like the weekly view's labels: "11/22(日)". */
  label: string;
  cases: WarehouseCaseDto[];
  /** Hires arriving or going back that day, by time (always sent by the server). */
  hires?: WarehouseHireDto[];
}

export interface WarehouseBoardDto {
  /** The requested day ("today" by default) and the next one. */
  days: [WarehouseDayDto, WarehouseDayDto];
  /** End passed and not received (or received late today), most overdue first. Never repeated in days. */
  overdue: WarehouseCaseDto[];
  /**
   * 外部手配 not given back by their 返却予定 (入荷済, planned end before now), most overdue first (docs/subrental.md).
   * Never repeated in days. Always sent by the server.
   */
  overdue_hires?: WarehouseHireDto[];
  /** [from, to): the instants the two days cover, so a client can tell whether a change concerns it. */
  from: string;
  to: string;
  /** The server's clock when the board was read (overdue is "end before now"). */
  now: string;
}

/**
 * GET /api/warehouse/overdue/?date=: the cases the board shows going out (出庫 not done entirely) that other
 * cases' overdue units (延滞) leave short, by the rule of GET /api/workcases/{id}/overdue/. Only warned cases.
 */
export interface WarehouseOverdueDto {
  case_id: number;
  warnings: OverdueWarningDto[];
}
