import { businessDaysSpan, formatDateTime } from "@zaiko/common/dates";
import { describeHistory } from "@zaiko/common/history/describe";
import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";
import { HISTORY_PAGE } from "@zaiko/common/history/page";
import { ja } from "@zaiko/common/messages/ja";
import { presentHistory } from "../../lib/history";
import { httpError } from "../../lib/httpError";
import type { ReadDeps, ZoneDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { entriesBetween, existsInGroup, latestEntries, unitEntries } from "./history.queries";

const notFound = () => httpError(404, ja.errors.notFound);

/** A case or an item of the group, or 404: another group's id behaves like a missing one. */
async function assertTarget(deps: ReadDeps, actor: AuthUser, of: { caseId?: number; itemId?: number }) {
  const db = deps.database.db;
  if (of.caseId !== undefined && !(await existsInGroup(db, "work_cases", actor.groupId, of.caseId)))
    throw notFound();
  if (of.itemId !== undefined && !(await existsInGroup(db, "items", actor.groupId, of.itemId)))
    throw notFound();
}

/** GET /api/history/?work_case= or ?item=: the newest entries first (older ones with `before`). */
export async function historyOf(
  deps: ReadDeps,
  actor: AuthUser,
  of: { caseId: number } | { itemId: number },
  before?: number,
): Promise<HistoryEntryDto[]> {
  await assertTarget(deps, actor, of);
  const rows = await latestEntries(deps.database.db, actor.groupId, of, HISTORY_PAGE, before);
  return rows.map(presentHistory);
}

/** GET /api/history/?unit=: the entries about one unit (個体), newest first; another group's unit is a 404. */
export async function historyOfUnit(
  deps: ReadDeps,
  actor: AuthUser,
  unitId: number,
  before?: number,
): Promise<HistoryEntryDto[]> {
  const rows = await unitEntries(deps.database.db, actor.groupId, unitId, HISTORY_PAGE, before);
  if (!rows) throw notFound();
  return rows.map(presentHistory);
}

/** The CSV's rows: the group's entries of the business days [from, to], both included, oldest first. */
export async function historyCsvRows(
  deps: ReadDeps & ZoneDeps,
  actor: AuthUser,
  period: { from: string; to: string },
  filter: { caseId?: number; itemId?: number },
): Promise<unknown[][]> {
  await assertTarget(deps, actor, filter);
  const zone = deps.config.timeZone;
  const span = businessDaysSpan(period.from, period.to, zone);
  if (!span) throw httpError(400, ja.history.invalidPeriod);
  const rows = await entriesBetween(deps.database.db, actor.groupId, span.start, span.end, filter);
  const json = (v: unknown) => (v === null ? "" : JSON.stringify(v));
  return rows
    .map(presentHistory)
    .map((e) => [
      formatDateTime(e.at, zone),
      e.actor ?? "",
      e.actor === null ? ja.history.system : e.actor_name,
      e.action,
      e.work_case ?? "",
      e.case_title ?? "",
      e.item ?? "",
      e.item_title ?? "",
      e.member_name ?? "",
      e.quantity ?? "",
      json(e.before),
      json(e.after),
      describeHistory(e),
    ]);
}
