import {
  type Booking,
  heldNetPeak,
  OPEN_END,
  overdueQuantity,
  turnaroundReach,
} from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import type { OverdueWarningDto } from "@zaiko/common/orderitems/outages.schema";
import { bookingsInWindow, findCase, hiresInWindow, turnaroundOf } from "../../allocation";
import type { Db } from "../../db/client";
import { httpError } from "../../lib/httpError";
import { iso } from "../../lib/iso";
import type { ReadDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { overdueLines, waitingLines } from "./overdue.queries";

/**
 * The overdue rule (issue 25 part 4; docs/lifecycle.md), for several cases of the group at once: for each
 * order item of a case not yet issued entirely, whether units of its item that other cases have not brought
 * back after their end (延滞) leave it short: its window's peak usage with the overdue units held until
 * received (`overdueQuantity`, common/availability) above stock. Read only: nothing is refused because of
 * it. 案件詳細 (one case) and the warehouse board (the cases it shows going out) both read it from here.
 */
export async function overdueWarningsOfCases(
  db: Db,
  groupId: number,
  caseIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, OverdueWarningDto[]>> {
  const result = new Map<number, OverdueWarningDto[]>();
  if (caseIds.length === 0) return result;
  const own = await waitingLines(db, groupId, [...new Set(caseIds)]);
  if (own.length === 0) return result;
  const late = (await overdueLines(db, groupId, [...new Set(own.map((o) => o.itemId))], now))
    .map((l) => ({
      ...l,
      overdue: overdueQuantity(
        { start: l.start, end: l.end, quantity: l.quantity },
        [
          { kind: "issue", quantity: l.issued, at: l.start },
          { kind: "receive", quantity: l.received, at: l.start },
        ],
        now,
      ),
    }))
    .filter((l) => l.overdue > 0);
  for (const line of own) {
    const lines = late.filter((l) => l.itemId === line.itemId && l.caseId !== line.caseId);
    if (lines.length === 0) continue;
    const window = { start: line.start, end: line.end };
    // Held with the item's turnaround (点検・準備時間), like every allocation check: read that much further.
    const turnaround = turnaroundOf(line);
    const reach = turnaroundReach(turnaround);
    const from = new Date(line.start.getTime() - reach);
    const to = new Date(line.end.getTime() + reach);
    const bookings: Booking[] = (await bookingsInWindow(db, groupId, [line.itemId], from, to)).map((b) => ({
      start: b.start,
      end: b.end,
      quantity: b.quantity,
    }));
    // The overdue units beyond their case's end, until received. Their line already holds them until its end +
    // after; held with the turnaround this piece starts right after that, not a second time within it.
    const past = turnaround.before + turnaround.after + 1;
    for (const l of lines)
      bookings.push({ start: l.end.getTime() + past, end: OPEN_END, quantity: l.overdue });
    // Units hired in (外部手配) are stock while they are with us, as in every check.
    const hires = await hiresInWindow(db, groupId, [line.itemId], from, to);
    const held = heldNetPeak(bookings, window, turnaround, hires);
    if (held.peak <= line.stock) continue;
    const list = result.get(line.caseId) ?? [];
    list.push({
      item_id: line.itemId,
      title: line.title,
      required: held.peak + held.hired,
      available: line.stock + held.hired,
      overdue: lines.map((l) => ({
        case_id: l.caseId,
        case_title: l.caseTitle,
        quantity: l.overdue,
        end_date: iso(l.end),
      })),
    });
    result.set(line.caseId, list);
  }
  return result;
}

/** GET /api/workcases/{id}/overdue/: the overdue rule for one case; 404 for another group's or an unknown case. */
export async function overdueWarnings(
  deps: ReadDeps,
  actor: AuthUser,
  caseId: number,
): Promise<OverdueWarningDto[]> {
  const db = deps.database.db;
  if (!(await findCase(db, actor.groupId, caseId))) throw httpError(404, ja.errors.notFound);
  return (await overdueWarningsOfCases(db, actor.groupId, [caseId])).get(caseId) ?? [];
}
