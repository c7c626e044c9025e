import { readTurnaround } from "./catalogue.schema";

/**
 * The forms speak hours in 0.5 steps ("2", "1.5"; half-width or full-width digits); the API and the database
 * keep minutes (docs/availability.md, Turnaround). Empty is null: the item follows its category.
 */
export function minutesFromHours(text: string): number | null | "invalid" {
  const half = text.replace(/[０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).trim();
  if (half === "") return null;
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(half)) return "invalid";
  const minutes = Math.round(Number(half) * 60);
  if (Math.abs(minutes - Number(half) * 60) > 1e-9) return "invalid";
  return typeof readTurnaround(minutes) === "number" ? minutes : "invalid";
}

/** Minutes as the form shows them in hours: 120 → "2", 90 → "1.5", null → "". */
export function hoursText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return "";
  return String(minutes / 60);
}
