import type { HireBarDto } from "../subrentals/subrentals.schema";
import type { CaseStatus } from "../workcases/workcases.schema";

/**
 * Shapes of "why is it short?" and the availability timeline (docs/availability.md). Timestamps are ISO
 * strings; days are "YYYY-MM-DD" calendar dates of the business zone.
 */

/**
 * A case holding units of an item: one order item of another case (its bar on the timeline, whose period is the
 * order item's own; it starts as the case's), with the hold's details.
 */
export interface HolderDto extends TimelineBarDto {
  /** A tentative case's deadline (期限) and holder (担当); null for a confirmed case. */
  hold_until: string | null;
  held_by_name: string | null;
}

/** GET /api/availability/items/{id}/holders/: who holds the item over a window, and when it is free. */
export interface HoldersDto {
  item: { id: number; title: string; category_name: string; stock_quantity: number };
  /** The window asked about (the case's own order item's period, its period, or the query's). */
  start_date: string;
  end_date: string;
  /** Units wanted over the window (without the other cases). */
  quantity: number;
  /**
   * The window as its units are held, turnaround included ([start − before, end + after]): the period a hire
   * must cover to make up for missing units (外部手配で補う, docs/subrental.md).
   */
  held_from?: string;
  held_until?: string;
  /** Units free beside the holders over the whole window: stock + hired units − their peak (0 at least). */
  available: number;
  /** Units hired in (外部手配, docs/subrental.md) whose period meets the window: stock for their period only. */
  hires?: HireBarDto[];
  /** The other cases' order items overlapping the window, by start, then case id. */
  holders: HolderDto[];
  /**
   * The earliest instant from which `quantity` units are free for a period as long as the window; the
   * window's start when they are free already; null when the stock is below `quantity`.
   */
  free_from: string | null;
}

/** One bar of the timeline: an order item of a case. */
export interface TimelineBarDto {
  case_id: number;
  case_title: string;
  status: CaseStatus;
  start_date: string;
  end_date: string;
  quantity: number;
  /**
   * Units of this case reported lost or broken (紛失・故障) and not found or repaired yet: they hold stock from
   * the report (docs/lifecycle.md), not a booking of the case. `end_date` is 9999-12-31 while unresolved
   * (the screens say 未解決).
   */
  out_of_service: boolean;
  /**
   * The period over which the booking holds the item's units, its turnaround (点検・準備時間) included:
   * [start − before, end + after] (docs/availability.md); the booking's own period without turnaround.
   */
  held_from: string;
  held_until: string;
}

/** One item's row of the timeline. */
export interface TimelineItemDto {
  id: number;
  title: string;
  stock_quantity: number;
  /** Peak usage of each day (the weekly view's rule), one per day of `days`. */
  daily_peaks: number[];
  /** The most units hired in (外部手配) present at some instant of each day. */
  daily_hired?: number[];
  /**
   * Units free over each whole day: stock − max(usage − hired) that day (the rule of every check); negative
   * when more is held than stock and hired units cover (never, while the invariant holds).
   */
  daily_free?: number[];
  bars: TimelineBarDto[];
  /** Hired units as their own bars, named by the supplier. (The server always sends these three.) */
  hires?: HireBarDto[];
}

/** GET /api/availability/timeline/?item= | ?category=: some weeks of an item or a category's items. */
export interface TimelineDto {
  /** What is shown; `category_id` is the item's category (for a category, its own id). */
  /** A set's timeline shows its catalogue parts' lanes (docs/sets.md); its category is the set's. */
  scope: { kind: "item" | "category" | "set"; id: number; name: string; category_id: number };
  /** "YYYY-MM-DD" of each day shown, and its label "11/22(日)". */
  days: string[];
  labels: string[];
  /** The first day a week earlier and later. */
  before: string;
  next: string;
  /** The first instant of the first day and the first instant after the last day (ISO). */
  from: string;
  to: string;
  items: TimelineItemDto[];
}
