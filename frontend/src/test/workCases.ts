import type { WorkCaseDto } from "../lib/allocation";

/**
 * A confirmed case as the server sends it: 秋祭り (id 5 of group 7), 20 to 22 November 2026, no note;
 * `extra` sets what a test is about.
 */
export const workCaseDto = (extra: Partial<WorkCaseDto> = {}): WorkCaseDto => ({
  id: 5,
  version: 1,
  title: "秋祭り",
  start_date: "2026-11-20T09:00:00+09:00",
  end_date: "2026-11-22T18:00:00+09:00",
  note: "",
  created: "2026-11-01T10:00:00+09:00",
  group: 7,
  status: "confirmed",
  hold_until: null,
  held_by: null,
  held_by_name: null,
  ...extra,
});
