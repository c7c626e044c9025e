import { ja } from "@zaiko/common/messages/ja";
import { addLocale, type LocaleOptions, localeOptions } from "primereact/api";

const c = ja.calendar;
let done = false;

/**
 * Adds Japanese day and month names to PrimeReact's "ja" locale (which app/primeLocale.ts
 * creates with the shared texts only). Runs once, merging, so nothing set there is lost.
 */
export function ensureCalendarJapanese(): void {
  if (done) return;
  done = true;
  let current: LocaleOptions | undefined;
  try {
    current = localeOptions("ja") as LocaleOptions;
  } catch {
    current = undefined; // "ja" not registered yet (tests): addLocale copies English first
  }
  addLocale("ja", {
    ...(current ?? {}),
    firstDayOfWeek: 0,
    dayNames: [...c.weekdayNames],
    dayNamesShort: [...c.weekdays],
    dayNamesMin: [...c.weekdays],
    monthNames: [...c.months],
    monthNamesShort: [...c.months],
    today: c.today,
    clear: c.clear,
    dateFormat: "yy/mm/dd",
  });
}
