import {
  type Booking,
  checkInvariant,
  firstOverbooking,
  type ItemBookings,
} from "@zaiko/common/availability/index";
import type { ShortCaseDto, ShortCasesDto } from "@zaiko/common/availability/shortCases.schema";
import type { Tx } from "../db/client";
import { HttpError } from "../lib/httpError";
import { iso } from "../lib/iso";
import { casesNamed } from "./shortCases.queries";

/** A booking row with the case that holds it: an order item's (part of it, after an early return) or an outage. */
export interface CaseBooking extends Booking {
  caseId: number;
  outOfService: boolean;
}

/** Booking rows as the checks take them, by item id (the rows of bookingsInWindow and of the items' reads). */
export function caseBookingsByItem(
  rows: readonly (Booking & { itemId: number; workCaseId: number; outOfService: boolean })[],
): Map<number, CaseBooking[]> {
  const byItem = new Map<number, CaseBooking[]>();
  for (const b of rows) {
    const list = byItem.get(b.itemId) ?? [];
    list.push({
      start: b.start,
      end: b.end,
      quantity: b.quantity,
      caseId: b.workCaseId,
      outOfService: b.outOfService,
    });
    byItem.set(b.itemId, list);
  }
  return byItem;
}

/** An item as a catalogue change would leave it (new stock, new turnaround), with every booking of it. */
export interface CheckedItem extends ItemBookings {
  bookings: readonly CaseBooking[];
}

/**
 * The refusal of a catalogue change that lowers stock or lengthens a turnaround (docs/catalogue.md): when some
 * item's bookings, held with its turnaround, exceed its stock at some instant, 409 `{error, shortages,
 * short_cases}` — the spec's shape, plus per short item the first such instant and the cases held at it
 * (`firstOverbooking`). Nothing is read unless it refuses; then one statement names the cases.
 */
export async function refuseShortItems(tx: Tx, groupId: number, error: string, items: CheckedItem[]) {
  const shortages = checkInvariant(items);
  if (shortages.length === 0) return;
  const short = new Set(shortages.map((s) => s.item_id));
  const found = items
    .filter((item) => short.has(item.item_id))
    .map((item) => ({
      item,
      first: firstOverbooking(item.stock, item.bookings, item.turnaround, item.hired ?? []),
    }));
  const ids = [...new Set(found.flatMap(({ first }) => (first?.held ?? []).map((b) => b.caseId)))];
  const cases = new Map((ids.length > 0 ? await casesNamed(tx, groupId, ids) : []).map((c) => [c.id, c]));
  const short_cases: ShortCasesDto[] = found.flatMap(({ item, first }) =>
    first
      ? [
          {
            item_id: item.item_id,
            title: item.title,
            at: iso(first.at),
            cases: casesOf(first.held).flatMap((held) => {
              const kase = cases.get(held.case_id);
              return kase ? [{ ...held, case_title: kase.title, status: kase.status }] : [];
            }),
          },
        ]
      : [],
  );
  throw new HttpError(409, { error, shortages, short_cases });
}

/**
 * The held rows per case (and per kind: a case's lost units apart from its booking): an order item with an
 * early return is several rows, shown as one line with their units added up and their span.
 */
function casesOf(held: readonly CaseBooking[]): Omit<ShortCaseDto, "case_title" | "status">[] {
  const lines = new Map<
    string,
    { caseId: number; outOfService: boolean; start: number; end: number; quantity: number }
  >();
  for (const b of held) {
    const key = `${b.caseId}:${b.outOfService}`;
    const start = new Date(b.start).getTime();
    const end = new Date(b.end).getTime();
    const line = lines.get(key);
    if (line) {
      line.start = Math.min(line.start, start);
      line.end = Math.max(line.end, end);
      line.quantity += b.quantity;
    } else
      lines.set(key, { caseId: b.caseId, outOfService: b.outOfService, start, end, quantity: b.quantity });
  }
  return [...lines.values()]
    .sort(
      (a, b) => a.start - b.start || a.caseId - b.caseId || Number(a.outOfService) - Number(b.outOfService),
    )
    .map((l) => ({
      case_id: l.caseId,
      start_date: iso(l.start),
      end_date: iso(l.end),
      quantity: l.quantity,
      out_of_service: l.outOfService,
    }));
}
