import fc from "fast-check";
import moment from "moment-timezone";
import { fixedOffsetMs, todayParts } from "./today";
import { displayInZone, intlOffsetMs } from "./zonedTime";

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

describe("fixedOffsetMs (the business zone without ICU's zone data)", () => {
  it("is Intl's offset for Tokyo and UTC at any instant from 1952 on", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1952, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom("Asia/Tokyo", "UTC", "Etc/UTC"),
        (t, zone) => {
          expect(fixedOffsetMs(zone, t)).toBe(intlOffsetMs(zone, t));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("leaves Japan's summer time of 1948–1951 and every other zone to Intl", () => {
    const summer1949 = Date.UTC(1949, 5, 1, 3, 0);
    expect(fixedOffsetMs("Asia/Tokyo", summer1949)).toBeNull();
    // +10:00 that summer, as moment-timezone has it.
    expect(displayInZone(summer1949, "Asia/Tokyo")).toBe(
      moment.tz(summer1949, "Asia/Tokyo").format("YYYY年MM月DD日 HH:mm"),
    );
    expect(intlOffsetMs("Asia/Tokyo", summer1949)).toBe(10 * 3_600_000);
    expect(fixedOffsetMs("America/New_York", Date.UTC(2026, 0, 1))).toBeNull();
    expect(fixedOffsetMs("toString", Date.UTC(2026, 0, 1))).toBeNull();
  });
});
