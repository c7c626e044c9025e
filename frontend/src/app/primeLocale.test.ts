import { ja } from "@zaiko/common/messages/ja";
import { type LocaleOptions, localeOptions } from "primereact/api";
import { ensureCalendarJapanese } from "../components/form/calendarLocale";
import { setPrimeReactJapanese } from "./primeLocale";

describe("setPrimeReactJapanese", () => {
  it("keeps the calendar's Japanese names a screen's module added first (routes.tsx loads both at once)", () => {
    ensureCalendarJapanese();
    setPrimeReactJapanese();
    const options = localeOptions("ja") as LocaleOptions;
    expect(options.monthNamesShort).toEqual(ja.calendar.months);
    expect(options.dayNamesMin).toEqual(ja.calendar.weekdays);
    expect(options.emptyMessage).toBe(ja.table.empty);
    expect(options.aria?.close).toBe(ja.common.close);
  });
});
