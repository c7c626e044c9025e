import { hoursText, minutesFromHours } from "./turnaroundHours";

describe("turnaround hours in the forms", () => {
  it.each([
    ["2", 120],
    ["1.5", 90],
    ["0.5", 30],
    ["0", 0],
    ["２．５", 150],
    [" 720 ", 43_200],
  ])("reads %s h as %i minutes", (text, minutes) => {
    expect(minutesFromHours(text)).toBe(minutes);
  });

  it("reads empty as null (follow the category) and refuses other steps, negatives, letters and more than 720 h", () => {
    expect(minutesFromHours("  ")).toBeNull();
    for (const bad of ["0.25", "1.2", "-1", "abc", "720.5", "1e2"])
      expect(minutesFromHours(bad)).toBe("invalid");
  });

  it("shows minutes as hours", () => {
    expect([hoursText(120), hoursText(90), hoursText(0), hoursText(null)]).toEqual(["2", "1.5", "0", ""]);
  });
});
