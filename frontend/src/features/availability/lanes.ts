import type { TimelineBarDto } from "@zaiko/common/availability/insight.schema";

/** A bar placed on the timeline: its lane and where it starts and ends, as % of the shown span. */
export interface PlacedBar {
  bar: TimelineBarDto;
  lane: number;
  left: number;
  width: number;
  /** It goes on before / after the shown span. */
  clippedStart: boolean;
  clippedEnd: boolean;
}

/**
 * Bars in lanes, first fit by start: a bar goes into the first lane whose last bar ended before it starts
 * (closed periods: a bar starting when another ends takes another lane, as the two hold stock together).
 */
export function placeBars(bars: readonly TimelineBarDto[], from: number, to: number): PlacedBar[] {
  const span = Math.max(1, to - from);
  const laneEnds: number[] = [];
  const sorted = [...bars].sort(
    (a, b) => Date.parse(a.start_date) - Date.parse(b.start_date) || a.case_id - b.case_id,
  );
  return sorted.map((bar) => {
    const start = Date.parse(bar.start_date);
    const end = Date.parse(bar.end_date);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd < start);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    const left = Math.max(0, (start - from) / span) * 100;
    const right = Math.min(1, (end - from) / span) * 100;
    return {
      bar,
      lane,
      left,
      width: Math.max(0.6, right - left),
      clippedStart: start < from,
      clippedEnd: end > to,
    };
  });
}
