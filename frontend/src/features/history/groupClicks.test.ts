import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";
import { historyEntryDto } from "../../test/history";
import { groupClicks } from "./groupClicks";

const MIN = 60_000;
const T0 = Date.parse("2030-04-10T00:30:00Z");

const entry = (id: number, minutesAgo: number, over: Partial<HistoryEntryDto> = {}) =>
  historyEntryDto(id, { at: new Date(T0 - minutesAgo * MIN).toISOString(), ...over });

const summary = (lines: HistoryEntryDto[]) => lines.map((l) => [l.id, l.action, l.quantity]);

describe("groupClicks: a member's clicks in a row are one line of the panel", () => {
  it("adds up one member's + on one item of one case, newest first, keeping the newest entry's id", () => {
    const lines = groupClicks([entry(4, 0), entry(3, 1), entry(2, 2), entry(1, 3)]);
    expect(summary(lines)).toEqual([[4, "orderitem.add", 4]]);
    expect(lines[0]?.at).toBe(new Date(T0).toISOString());
  });

  it("keeps apart another member, item, case or action, and clicks more than five minutes apart", () => {
    const lines = groupClicks([
      entry(9, 0),
      entry(8, 0, { actor: 2, actor_name: "佐藤 花子" }),
      entry(7, 0, { item: 10, item_title: "スピーカー" }),
      entry(6, 0, { work_case: 6 }),
      entry(5, 0, { action: "orderitem.reduce" }),
      entry(4, 0, { action: "orderitem.reduce" }),
      entry(3, 1),
      entry(2, 7),
      entry(1, 8, { action: "orderitem.issue", quantity: 2 }),
      entry(0, 8, { action: "orderitem.issue", quantity: 2 }),
    ]);
    expect(summary(lines)).toEqual([
      [9, "orderitem.add", 1],
      [8, "orderitem.add", 1],
      [7, "orderitem.add", 1],
      [6, "orderitem.add", 1],
      [5, "orderitem.reduce", 2],
      [3, "orderitem.add", 1],
      [2, "orderitem.add", 1],
      // Issues and receives are records of their own, each with its count: never merged.
      [1, "orderitem.issue", 2],
      [0, "orderitem.issue", 2],
    ]);
  });
  it("adds up a set's + on one case the same way, and keeps two sets apart (their entries have no item id)", () => {
    const set = { action: "set.add" as const, item: null, item_title: "PAセット" };
    const lines = groupClicks([
      entry(4, 0, set),
      entry(3, 1, set),
      entry(2, 1, { ...set, item_title: "照明セット" }),
      entry(1, 2, set),
    ]);
    expect(summary(lines)).toEqual([
      [4, "set.add", 2],
      [2, "set.add", 1],
      [1, "set.add", 1],
    ]);
  });
});
