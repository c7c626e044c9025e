import { formatDateText, isCompleteDateText, parseDateText } from "./dateText";

const NOW = new Date(2026, 10, 25, 13, 0);
const parse = (text: string, showTime = true) => {
  const d = parseDateText(text, showTime, { hours: 9, minutes: 0 }, NOW);
  return d instanceof Date ? formatDateText(d, showTime) : d;
};

describe("parseDateText", () => {
  it("reads a date-time as the user typed it", () => {
    expect(parse("2026/11/24 18:00")).toBe("2026/11/24 18:00");
    expect(parse("2026-11-24 18:00")).toBe("2026/11/24 18:00");
    expect(parse("２０２６／１１／２４　１８：００")).toBe("2026/11/24 18:00");
    expect(parse("2026/11/24 1800")).toBe("2026/11/24 18:00");
    expect(parse("2026/11/24 9:30")).toBe("2026/11/24 09:30");
    expect(parse("2026/11/24 18")).toBe("2026/11/24 18:00");
    expect(parse("2026年11月24日 18時30分")).toBe("2026/11/24 18:30");
    expect(parse("202611241800")).toBe("2026/11/24 18:00");
    expect(parse("11/24 18:00")).toBe("2026/11/24 18:00");
  });

  it("gives a day without a time the default time", () => {
    expect(parse("2026/11/24")).toBe("2026/11/24 09:00");
    expect(parse("2026/11/2")).toBe("2026/11/02 09:00");
  });

  it("refuses what names no real date or time, and reads an empty text as no date", () => {
    expect(parse("2026/02/30 10:00")).toBe("invalid");
    expect(parse("2026/11/24 25:00")).toBe("invalid");
    expect(parse("2026/11/24 18:60")).toBe("invalid");
    expect(parse("明日")).toBe("invalid");
    expect(parse("2026/11/24 18:00", false)).toBe("invalid");
    expect(parse("  ")).toBeNull();
  });

  it("reads days without time for a day field", () => {
    expect(parse("2026/11/24", false)).toBe("2026/11/24");
    expect(parse("20261124", false)).toBe("2026/11/24");
  });
});

describe("isCompleteDateText", () => {
  it("is true only for the field's own full format", () => {
    expect(isCompleteDateText("2026/11/24 18:00", true)).toBe(true);
    expect(isCompleteDateText("2026/11/2", true)).toBe(false);
    expect(isCompleteDateText("2026/11/24 18:0", true)).toBe(false);
    expect(isCompleteDateText("2026/11/24", false)).toBe(true);
  });
});
