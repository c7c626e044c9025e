import fc from "fast-check";
import moment from "moment-timezone";
import { todayParts } from "./today";

describe("todayParts (Intl, without moment)", () => {
  it("gives Tokyo's calendar day, zero-padded", () => {
    // 2026-01-04 20:30 UTC is already 2026-01-05 in Tokyo; 14:59 UTC is still the same day.
    expect(todayParts(new Date("2026-01-04T20:30:00Z"), "Asia/Tokyo")).toEqual({
      y: "2026",
      m: "01",
      d: "05",
    });
    expect(todayParts(new Date("2026-12-31T14:59:59Z"), "Asia/Tokyo")).toEqual({
      y: "2026",
      m: "12",
      d: "31",
    });
    expect(todayParts(new Date("2026-12-31T15:00:00Z"), "Asia/Tokyo")).toEqual({
      y: "2027",
      m: "01",
      d: "01",
    });
  });

  it("agrees with moment-timezone for any instant and zone", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom("Asia/Tokyo", "UTC", "America/Los_Angeles", "Pacific/Kiritimati"),
        (now, zone) => {
          const m = moment.tz(now, zone);
          expect(todayParts(now, zone)).toEqual({
            y: m.format("YYYY"),
            m: m.format("MM"),
            d: m.format("DD"),
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
