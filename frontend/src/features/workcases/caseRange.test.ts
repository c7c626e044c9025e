import { spanOf } from "./caseRange";

describe("案件一覧's ranges", () => {
  // 2026-11-27 is a Friday: its week runs from Monday the 23rd to Sunday the 29th.
  const friday = "2026-11-27";

  it("今日以降 is open after today, 今日 is the day", () => {
    expect(spanOf("upcoming", friday)).toEqual({ from: friday, to: null });
    expect(spanOf("today", friday)).toEqual({ from: friday, to: friday });
    expect(spanOf("all", friday)).toEqual({ from: null, to: null });
  });

  it("今週 and 来週 run Monday to Sunday, also across a month and a year", () => {
    expect(spanOf("thisWeek", friday)).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(spanOf("nextWeek", friday)).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    // A Sunday belongs to the week that began the Monday before.
    expect(spanOf("thisWeek", "2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(spanOf("nextWeek", "2026-12-31")).toEqual({ from: "2027-01-04", to: "2027-01-10" });
  });
});
