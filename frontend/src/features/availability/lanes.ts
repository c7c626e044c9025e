import type { TimelineBarDto } from "@zaiko/common/availability/insight.schema";

/** Where a stretch of time sits on the timeline, as % of the shown span. */
export interface Segment {
  left: number;
  width: number;
}

/** A bar placed on the timeline: its lane and where it starts and ends, as % of the shown span. */
export interface PlacedBar {
  bar: TimelineBarDto;
  lane: number;
  left: number;
  width: number;
  /** It goes on before / after the shown span. */
  clippedStart: boolean;
  clippedEnd: boolean;
  /**
   * The turnaround (点検・準備時間) around it, where the shown span has any: preparation before its start and
   * checking after its end, in which its units are held too (docs/availability.md). Null when none.
   */
  before: Segment | null;
  after: Segment | null;
}

/** [start, end] (epoch ms) as a segment of the span [from, to]; null when it is empty or outside. */
function segmentOf(start: number, end: number, from: number, to: number): Segment | null {
  if (!(end > start) || end < from || start > to) return null;
  const span = Math.max(1, to - from);
  const left = Math.max(0, (start - from) / span) * 100;
  const right = Math.min(1, (end - from) / span) * 100;
  return { left, width: Math.max(0.3, right - left) };
}

/**
 * Bars in lanes, first fit by start: a bar goes into the first lane whose last bar ended before it starts
 * (closed periods: a bar starting when another ends takes another lane, as the two hold stock together). A
 * bar's turnaround is part of what it holds, so lanes are fitted over the held period.
 */
export function placeBars(bars: readonly TimelineBarDto[], from: number, to: number): PlacedBar[] {
  const span = Math.max(1, to - from);
  const laneEnds: number[] = [];
  const heldFrom = (b: TimelineBarDto) => Date.parse(b.held_from ?? b.start_date);
  const sorted = [...bars].sort((a, b) => heldFrom(a) - heldFrom(b) || a.case_id - b.case_id);
  return sorted.map((bar) => {
    const start = Date.parse(bar.start_date);
    const end = Date.parse(bar.end_date);
    const heldStart = heldFrom(bar);
    const heldEnd = Date.parse(bar.held_until ?? bar.end_date);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd < heldStart);
    if (lane === -1) lane = laneEnds.push(heldEnd) - 1;
    else laneEnds[lane] = heldEnd;
    const left = Math.max(0, (start - from) / span) * 100;
    const right = Math.min(1, (end - from) / span) * 100;
    return {
      bar,
      lane,
      left,
      width: Math.max(0.6, right - left),
      clippedStart: start < from,
      clippedEnd: end > to,
      before: segmentOf(heldStart, start, from, to),
      after: segmentOf(end, heldEnd, from, to),
    };
  });
}
