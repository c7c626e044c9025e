import { screen, within } from "@testing-library/react";
import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";

/**
 * A history entry as the server sends it: 山田 太郎 added one ワイヤレスマイク (item 9) to 展示会 (case 5) at
 * 2030-04-10 09:30 JST; `over` sets what a test is about (the action, its values, the time).
 */
export const historyEntryDto = (id: number, over: Partial<HistoryEntryDto> = {}): HistoryEntryDto => ({
  id,
  at: "2030-04-10T00:30:00Z",
  actor: 1,
  actor_name: "山田 太郎",
  action: "orderitem.add",
  work_case: 5,
  case_title: "展示会",
  item: 9,
  item_title: "ワイヤレスマイク",
  member: null,
  member_name: null,
  quantity: 1,
  before: null,
  after: null,
  ...over,
});

/** The lines of a history list in the region of this name, top to bottom, without their times. */
export const historyLines = (region: string) =>
  within(screen.getByRole("region", { name: region }))
    .queryAllByRole("listitem")
    .map((li) => li.querySelector(".activity-text")?.textContent);
