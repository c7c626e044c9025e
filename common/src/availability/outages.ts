import { OPEN_END } from "./reality";
import { type Booking, toMs } from "./types";

type Instant = number | Date;

/**
 * What a lost or broken report holds (docs/lifecycle.md, part 3): its units over [reported, resolved) minus its
 * order item's period — during that period the case's booking already holds them — as at most two closed
 * periods; an open report holds until OPEN_END. A report of hired units (外部手配, docs/subrental.md) is clipped to
 * its hire's period as availability counts it ([start, planned return], or up to the return when earlier): the
 * hire has that many units fewer until it ends, and the item's own stock is never touched. The SQL view
 * item_outages (migrations 0010, 0023) is this rule; a test holds them equal.
 */
export function outageBookings(
  report: { at: Instant; resolvedAt: Instant | null; quantity: number },
  line: { start: Instant; end: Instant },
  hire: { start: Instant; end: Instant } | null = null,
): Booking[] {
  const at = toMs(report.at);
  const resolved = report.resolvedAt === null ? Number.POSITIVE_INFINITY : toMs(report.resolvedAt);
  const periods: [number, number][] = [
    [at, Math.min(resolved, toMs(line.start)) - 1],
    [Math.max(at, toMs(line.end) + 1), report.resolvedAt === null ? OPEN_END : resolved - 1],
  ];
  const from = hire ? toMs(hire.start) : Number.NEGATIVE_INFINITY;
  const to = hire ? toMs(hire.end) : Number.POSITIVE_INFINITY;
  return periods
    .map(([start, end]) => [Math.max(start, from), Math.min(end, to)] as const)
    .filter(([start, end]) => start <= end)
    .map(([start, end]) => ({ start, end, quantity: report.quantity }));
}
