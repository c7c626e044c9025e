import { dayStarts } from "@zaiko/common/availability/index";
import type {
  WarehouseBoardDto,
  WarehouseCaseDto,
  WarehouseDayDto,
  WarehouseHireDto,
  WarehouseOverdueDto,
  WarehouseRowDto,
} from "@zaiko/common/warehouse/warehouse.schema";
import { businessToday, dayLabel, nextDay } from "@zaiko/common/warehouse/warehouseDays";
import { iso } from "../../lib/iso";
import type { ReadDeps, ZoneDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { overdueWarningsOfCases } from "../orderitems";
import { hiresMovingBetween, overdueHires } from "../subrentals";
import { presentBoardCase, presentBoardRow } from "./warehouse.presenter";
import {
  type BoardRow,
  type BoardSetPart,
  boardRows,
  casesGoingOut,
  setLinePartsOfCases,
} from "./warehouse.queries";

const titleOrder = new Intl.Collator("ja").compare;

/** The same rule as the query's overdue branch, for sorting the rows it returned. */
function isOverdue(row: BoardRow, now: number, todayStart: number): boolean {
  const end = row.endDate.getTime();
  if (end >= now) return false;
  if (row.receive === null) return true;
  const receive = row.receive.getTime();
  return receive > end && receive >= todayStart;
}

interface Placed {
  row: BoardRow;
  dto: WarehouseRowDto;
  /** What the case is sorted by: its earliest movement in the section (or its earliest end when overdue). */
  at: number;
}

/** Groups placed rows by case: cases by their earliest `at` (then id), rows by item title; each with its sets. */
function groupByCase(placed: Placed[], setParts: ReadonlyMap<number, BoardSetPart[]>): WarehouseCaseDto[] {
  const byCase = new Map<number, Placed[]>();
  for (const p of placed) {
    const list = byCase.get(p.row.workCaseId);
    if (list) list.push(p);
    else byCase.set(p.row.workCaseId, [p]);
  }
  return [...byCase.values()]
    .map((list) => ({ list, at: Math.min(...list.map((p) => p.at)) }))
    .sort((a, b) => a.at - b.at || a.list[0]!.row.workCaseId - b.list[0]!.row.workCaseId)
    .map(({ list }) => {
      list.sort((a, b) => titleOrder(a.row.itemTitle, b.row.itemTitle) || a.row.id - b.row.id);
      const first = list[0]!.row;
      return presentBoardCase(
        first,
        list.map((p) => p.dto),
        setParts.get(first.workCaseId),
      );
    });
}

/** The set lines' parts of the board's cases, by case (docs/sets.md). */
async function setPartsByCase(
  deps: ReadDeps,
  groupId: number,
  rows: readonly BoardRow[],
): Promise<Map<number, BoardSetPart[]>> {
  const caseIds = [...new Set(rows.map((r) => r.workCaseId))];
  const byCase = new Map<number, BoardSetPart[]>();
  for (const part of await setLinePartsOfCases(deps.database.db, groupId, caseIds)) {
    const list = byCase.get(part.workCaseId);
    if (list) list.push(part);
    else byCase.set(part.workCaseId, [part]);
  }
  return byCase;
}

/** A hire's 入荷 or 返却 row on the board (docs/subrental.md). */
function presentBoardHire(
  { row, supplierName, itemTitle, caseTitle, lostQuantity, brokenQuantity }: HireView,
  kind: "arrive" | "return",
): WarehouseHireDto {
  const lost = Number(lostQuantity);
  return {
    sub_rental_id: row.id,
    kind,
    at: iso(kind === "arrive" ? row.startDate : row.endDate),
    supplier_name: supplierName,
    item: row.itemId,
    item_title: itemTitle,
    quantity: row.quantity,
    status: row.status,
    work_case: row.workCaseId,
    case_title: row.workCaseId === null ? null : caseTitle,
    lost_quantity: lost,
    broken_quantity: Number(brokenQuantity),
    return_quantity: row.quantity - lost,
  };
}

type HireView = Awaited<ReturnType<typeof overdueHires>>[number];

/**
 * The warehouse board for `day` ("YYYY-MM-DD", a business-zone day) and the next day, plus what is overdue
 * now. One query; a row that is overdue is shown only in the overdue section.
 */
export async function warehouseBoard(
  deps: ReadDeps & ZoneDeps,
  actor: AuthUser,
  day: string | undefined,
  nowDate: Date = new Date(),
): Promise<WarehouseBoardDto> {
  const zone = deps.config.timeZone;
  const today = businessToday(nowDate, zone);
  const first = day ?? today;
  const bounds = dayStarts(first, 3, zone);
  const now = nowDate.getTime();
  const todayStart = dayStarts(today, 1, zone)[0]!;
  const rows = await boardRows(deps.database.db, actor.groupId, {
    from: new Date(bounds[0]!),
    to: new Date(bounds[2]!),
    now: nowDate,
    todayStart: new Date(todayStart),
  });
  const overdue: Placed[] = [];
  const perDay: Placed[][] = [[], []];
  const within = (t: number, i: number) => bounds[i]! <= t && t < bounds[i + 1]!;
  for (const row of rows) {
    if (isOverdue(row, now, todayStart)) {
      overdue.push({ row, dto: presentBoardRow(row, false, true), at: row.endDate.getTime() });
      continue;
    }
    const start = row.startDate.getTime();
    const end = row.endDate.getTime();
    for (const i of [0, 1]) {
      const outgoing = within(start, i);
      const returning = within(end, i);
      if (!outgoing && !returning) continue;
      perDay[i]!.push({
        row,
        dto: presentBoardRow(row, outgoing, returning),
        at: outgoing ? start : end,
      });
    }
  }
  const setParts = await setPartsByCase(deps, actor.groupId, rows);
  // 外部手配 (docs/subrental.md): hires arriving (still 手配中) or going back (入荷済) on each day.
  const moving = await hiresMovingBetween(
    deps.database.db,
    actor.groupId,
    new Date(bounds[0]!),
    new Date(bounds[2]!),
  );
  // A received hire past its 返却予定 is overdue: listed once, in the overdue area, like the cases' rows.
  const late = await overdueHires(deps.database.db, actor.groupId, nowDate);
  const hiresOn = (i: number): WarehouseHireDto[] =>
    moving
      .flatMap((view) => {
        const { row } = view;
        const kind = row.status === "requested" ? ("arrive" as const) : ("return" as const);
        const at = (kind === "arrive" ? row.startDate : row.endDate).getTime();
        if (!within(at, i) || (kind === "return" && at < now)) return [];
        return [presentBoardHire(view, kind)];
      })
      .sort((a, b) => a.at.localeCompare(b.at) || a.sub_rental_id - b.sub_rental_id);
  const days = [first, nextDay(first)].map(
    (date, i): WarehouseDayDto => ({
      date,
      label: dayLabel(date),
      cases: groupByCase(perDay[i]!, setParts),
      hires: hiresOn(i),
    }),
  ) as [WarehouseDayDto, WarehouseDayDto];
  return {
    days,
    overdue: groupByCase(overdue, setParts),
    overdue_hires: late.map((view) => presentBoardHire(view, "return")),
    from: iso(bounds[0]!),
    to: iso(bounds[2]!),
    now: iso(nowDate),
  };
}

/**
 * The board's overdue warnings (docs/lifecycle.md): of the cases going out on `day` or the next day and not
 * issued entirely, those that other cases' overdue units leave short, by the case screens' rule.
 */
export async function warehouseOverdue(
  deps: ReadDeps & ZoneDeps,
  actor: AuthUser,
  day: string | undefined,
  nowDate: Date = new Date(),
): Promise<WarehouseOverdueDto[]> {
  const zone = deps.config.timeZone;
  const bounds = dayStarts(day ?? businessToday(nowDate, zone), 3, zone);
  const db = deps.database.db;
  const caseIds = await casesGoingOut(db, actor.groupId, new Date(bounds[0]!), new Date(bounds[2]!));
  const warnings = await overdueWarningsOfCases(db, actor.groupId, caseIds, nowDate);
  return [...warnings].map(([case_id, list]) => ({ case_id, warnings: list }));
}
