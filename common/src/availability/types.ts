/** An instant: epoch milliseconds or a Date. */
export type Instant = number | Date;

/** Units of one item held over the closed interval [start, end] (DOMAIN.md, Allocation and availability). */
export interface Booking {
  start: Instant;
  end: Instant;
  quantity: number;
}

/** A closed interval of time [start, end]. */
export interface Window {
  start: Instant;
  end: Instant;
}

/** One entry of a 409 refusal's `shortages` list. */
export interface Shortage {
  item_id: number;
  title: string;
  required: number;
  available: number;
}

/** The result of checking one item's bookings against its stock. */
export interface StockCheck {
  /** Highest usage at any instant. */
  peak: number;
  /** True when peak ≤ stock, i.e. the invariant holds. */
  ok: boolean;
}

/** An item with everything the invariant check needs. */
export interface ItemBookings {
  item_id: number;
  title: string;
  stock: number;
  bookings: readonly Booking[];
  /** The item's turnaround (turnaround.ts); none when absent. */
  turnaround?: { before: number; after: number };
  /** Units hired in (外部手配, hired.ts) over the periods they are with us: stock for those periods only. */
  hired?: readonly Booking[];
}

/** Dates and numbers meet as epoch ms so the sweep compares plain numbers. */
export function toMs(instant: Instant): number {
  return typeof instant === "number" ? instant : instant.getTime();
}
