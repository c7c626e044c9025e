import { addLocale, type LocaleOptions, localeOptions } from "primereact/api";

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
    dayNames: ["日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"],
    dayNamesShort: ["日", "月", "火", "水", "木", "金", "土"],
    dayNamesMin: ["日", "月", "火", "水", "木", "金", "土"],
    monthNames: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
    monthNamesShort: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
    today: "今日",
    clear: "クリア",
    dateFormat: "yy/mm/dd",
  });
}
