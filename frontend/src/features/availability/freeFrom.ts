import { ja } from "@zaiko/common/messages/ja";
import { displayDateTime } from "../../lib/dateTime";

const MINUTE = 60_000;

/**
 * The earliest free instant as the forms take it: periods are closed, so a unit whose holder ends at 18:00 is
 * free from 18:00:00.001 on, and the first minute a form can name is 18:01. Rounded up to the minute.
 */
export function displayFreeFrom(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return ja.errors.invalidDate;
  return displayDateTime(new Date(Math.ceil(ms / MINUTE) * MINUTE).toISOString());
}
