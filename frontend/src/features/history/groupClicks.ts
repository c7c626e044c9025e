import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";

/** Clicks further apart than this are separate lines. */
const SAME_BURST_MS = 5 * 60_000;

// A set's ± (docs/sets.md) are grouped the same way; their entries name the set by title only.
const GROUPED = new Set(["orderitem.add", "orderitem.reduce", "set.add", "set.reduce"]);

/**
 * The panel's lines: one per click read as noise (14 lines for 4 items, issue 36). Entries next to each other
 * (newest first) that are the same member's + (or −) on the same item of the same case within a few minutes
 * become one line with their quantities added; the newest one's time and id stand for it. Only the panel
 * groups: the history and its CSV keep every entry.
 */
export function groupClicks(entries: HistoryEntryDto[]): HistoryEntryDto[] {
  const lines: HistoryEntryDto[] = [];
  // The time of the oldest entry merged into the last line: the window runs from click to click.
  let lastAt = Number.NaN;
  for (const entry of entries) {
    const line = lines.at(-1);
    const at = Date.parse(entry.at);
    if (
      line &&
      GROUPED.has(entry.action) &&
      line.action === entry.action &&
      line.actor === entry.actor &&
      line.work_case === entry.work_case &&
      line.item === entry.item &&
      line.item_title === entry.item_title &&
      Math.abs(lastAt - at) <= SAME_BURST_MS
    ) {
      lines[lines.length - 1] = { ...line, quantity: (line.quantity ?? 0) + (entry.quantity ?? 0) };
    } else {
      lines.push(entry);
    }
    lastAt = at;
  }
  return lines;
}
