import {
  type Booking,
  dayStarts,
  earliestFreeHeld,
  heldBookings,
  heldPeak,
  heldPeriod,
  hiredPerDay,
  netPeaksBetween,
  peaksBetween,
  type Turnaround,
  turnaroundReach,
} from "@zaiko/common/availability/index";
import type {
  HolderDto,
  HoldersDto,
  TimelineBarDto,
  TimelineDto,
} from "@zaiko/common/availability/insight.schema";
import { todayParts } from "@zaiko/common/dates";
import { dayLabel } from "@zaiko/common/dayLabel";
import { ja } from "@zaiko/common/messages/ja";
import { bookingsInWindow, findCase, hiresInWindow } from "../../allocation";
import { httpError } from "../../lib/httpError";
import { iso } from "../../lib/iso";
import type { ReadDeps, ZoneDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { listCategories } from "../categories";
import { findItem, type ItemRow, itemTurnaround, listItemsOfGroup } from "../items";
import { setWithParts } from "../sets";
import { hireBarsOf, presentHireBar } from "../subrentals";
import { caseViews, type WorkCaseView } from "../workcases";
import type { HoldersQuery, TimelineQuery } from "./availability.input";
import { ownPeriod } from "./availability.queries";

/** Later than any booking a form can write (both databases take it). */
const END_OF_TIME = new Date("9999-12-31T23:59:59.999Z");
const DAY_MS = 24 * 3600 * 1000;

type Row = Awaited<ReturnType<typeof bookingsInWindow>>[number];

const overlaps = (b: { start: number; end: number }, w: { start: number; end: number }) =>
  b.start <= w.end && b.end >= w.start;

/** The cases of these bookings, by id (title, status, deadline and holder). */
async function casesOf(deps: ReadDeps, groupId: number, rows: Row[]): Promise<Map<number, WorkCaseView>> {
  const ids = [...new Set(rows.map((r) => r.workCaseId))];
  const views = await caseViews(deps.database.db, groupId, ids);
  return new Map(views.map((v) => [v.id, v]));
}

/**
 * A booking drawn as its case's bar: what the timeline shows and 理由 lists before its own fields, with the
 * period it holds the item's units, turnaround included.
 */
function caseBar(r: Row, c: WorkCaseView | undefined, turnaround: Turnaround): TimelineBarDto {
  const held = heldPeriod(r, turnaround);
  return {
    case_id: r.workCaseId,
    case_title: c?.title ?? "",
    status: c?.status ?? "confirmed",
    start_date: iso(r.start),
    end_date: iso(r.end),
    quantity: r.quantity,
    out_of_service: r.outOfService,
    held_from: iso(held.start),
    held_until: iso(held.end),
  };
}

const byStart = <T extends { start_date: string; case_id: number }>(a: T, b: T) =>
  a.start_date.localeCompare(b.start_date) || a.case_id - b.case_id;

/**
 * Who holds an item over a window and from when the wanted units are free (docs/availability.md). The
 * bookings are the allocation checks' own (`bookingsInWindow`: cancelled cases hold nothing, the asking case's
 * own order item is left out as in a period change) and the numbers come from common/availability.
 */
export async function holdersOfItem(
  deps: ReadDeps,
  actor: AuthUser,
  itemId: number,
  q: HoldersQuery,
): Promise<HoldersDto> {
  const db = deps.database.db;
  const item = await findItem(db, actor.groupId, itemId);
  if (!item) throw httpError(404, ja.errors.notFound);
  let window = q.start && q.end ? { start: q.start, end: q.end } : undefined;
  let own = 0;
  if (q.caseId !== undefined) {
    const kase = await findCase(db, actor.groupId, q.caseId);
    if (!kase) throw httpError(404, ja.errors.notFound);
    const mine = await ownPeriod(db, actor.groupId, kase.id, item.id);
    own = mine?.quantity ?? 0;
    window ??= mine ?? { start: kase.startDate, end: kase.endDate };
  }
  if (!window) throw httpError(400, ja.availability.periodRequired);
  const wanted = q.quantity ?? own + q.more;
  // Held with the item's turnaround (点検・準備時間): a booking that ended shortly before the window still holds.
  const turnaround = itemTurnaround(item);
  const readFrom = new Date(window.start.getTime() - turnaroundReach(turnaround));
  const rows = await bookingsInWindow(db, actor.groupId, [item.id], readFrom, END_OF_TIME, q.caseId);
  const bookings: Booking[] = rows.map((r) => ({ start: r.start, end: r.end, quantity: r.quantity }));
  const heldWindow = heldPeriod(window, turnaround);
  const inWindow = rows.filter((r) => overlaps(heldPeriod(r, turnaround), heldWindow));
  const cases = await casesOf(deps, actor.groupId, inWindow);
  const holders: HolderDto[] = inWindow.map((r) => {
    const c = cases.get(r.workCaseId);
    const tentative = c?.status === "tentative";
    return {
      ...caseBar(r, c, turnaround),
      hold_until: tentative && c?.holdUntil ? iso(c.holdUntil) : null,
      held_by_name: tentative && c?.heldBy != null ? c.heldByName : null,
    };
  });
  // Units lost or broken and not yet found or repaired hold stock until year 9999 (docs/lifecycle.md): free
  // only after them is never free.
  // Units hired in (外部手配) are stock while they are with us: the same rule as every check.
  const hires = await hiresInWindow(db, actor.groupId, [item.id], readFrom, END_OF_TIME);
  const hireBars = await hireBarsOf(
    db,
    actor.groupId,
    [item.id],
    new Date(heldWindow.start),
    new Date(heldWindow.end),
  );
  const freeAt = earliestFreeHeld(item.stockQuantity, bookings, window, wanted, turnaround, hires);
  const free = freeAt !== null && new Date(freeAt).getUTCFullYear() < 9999 ? freeAt : null;
  return {
    item: {
      id: item.id,
      title: item.title,
      category_name: item.categoryName,
      stock_quantity: item.stockQuantity,
    },
    start_date: iso(window.start),
    end_date: iso(window.end),
    quantity: wanted,
    held_from: iso(heldWindow.start),
    held_until: iso(heldWindow.end),
    available: Math.max(0, item.stockQuantity - heldPeak(bookings, window, turnaround, hires)),
    holders: holders.sort(byStart),
    hires: hireBars.map(presentHireBar),
    free_from: free === null ? null : iso(free),
  };
}

/** The first day: the query's, or today in the business zone. */
function firstDay(deps: ZoneDeps, from: string | undefined): string {
  if (from) return from;
  const { y, m, d } = todayParts(new Date(), deps.config.timeZone);
  return `${y}-${m}-${d}`;
}

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Some weeks of one item, or of a category's items: each item's bookings as bars (its cases) and the peak
 * usage of every day against its stock, computed like the weekly view's numbers (`peaksBetween` over the
 * business zone's days).
 */
export async function timeline(
  deps: ReadDeps & ZoneDeps,
  actor: AuthUser,
  q: TimelineQuery,
): Promise<TimelineDto> {
  const db = deps.database.db;
  let name: string;
  let categoryId: number;
  let items: ItemRow[];
  if (q.scope.kind === "item") {
    const item = await findItem(db, actor.groupId, q.scope.id);
    if (!item) throw httpError(404, ja.errors.notFound);
    name = item.title;
    categoryId = item.categoryId;
    items = [item];
  } else if (q.scope.kind === "set") {
    // A set's parts side by side: where a part is short, the set is (docs/sets.md, "Timeline").
    const set = await setWithParts(db, actor.groupId, q.scope.id);
    if (!set) throw httpError(404, ja.errors.notFound);
    name = set.title;
    categoryId = set.categoryId;
    const partIds = new Set(set.parts.map((p) => p.item));
    items = (await listItemsOfGroup(db, actor.groupId)).filter((i) => partIds.has(i.id));
  } else {
    const categories = await listCategories(db, actor.groupId);
    const category = categories.find((c) => c.id === q.scope.id);
    if (!category) throw httpError(404, ja.errors.notFound);
    name = category.name;
    categoryId = category.id;
    items = (await listItemsOfGroup(db, actor.groupId)).filter((i) => i.categoryId === category.id);
  }
  const first = firstDay(deps, q.from);
  const count = q.weeks * 7;
  const days = Array.from({ length: count }, (_, i) => shiftDay(first, i));
  const bounds = dayStarts(first, count + 1, deps.config.timeZone);
  const from = new Date(bounds[0]!);
  const to = new Date(bounds[count]!);
  // Bookings that far before or after the span can still hold units in it (点検・準備時間).
  const reach = Math.max(0, ...items.map((i) => turnaroundReach(itemTurnaround(i))));
  const rows =
    items.length === 0
      ? []
      : await bookingsInWindow(
          db,
          actor.groupId,
          items.map((i) => i.id),
          new Date(from.getTime() - reach),
          new Date(to.getTime() - 1 + reach),
        );
  const cases = await casesOf(deps, actor.groupId, rows);
  // Hired units (外部手配): the same rows every check reads, with their suppliers' names for the bars.
  const hireRows = await hireBarsOf(
    db,
    actor.groupId,
    items.map((i) => i.id),
    from,
    new Date(to.getTime() - 1),
  );
  const hiresOf = (itemId: number) => hireRows.filter((h) => h.itemId === itemId);
  const byItem = new Map<number, Row[]>();
  for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
  return {
    scope: { kind: q.scope.kind, id: q.scope.id, name, category_id: categoryId },
    days,
    labels: days.map(dayLabel),
    before: shiftDay(first, -7),
    next: shiftDay(first, 7),
    from: iso(from),
    to: iso(to),
    items: items.map((item) => {
      const turnaround = itemTurnaround(item);
      const span = { start: from.getTime(), end: to.getTime() - 1 };
      const mine = (byItem.get(item.id) ?? []).filter((r) => overlaps(heldPeriod(r, turnaround), span));
      const bars = mine.map((r) => caseBar(r, cases.get(r.workCaseId), turnaround));
      const held = heldBookings(
        mine.map((r) => ({ start: r.start, end: r.end, quantity: r.quantity })),
        turnaround,
      );
      const hired = hiresOf(item.id);
      const hires = hired.map((h) => ({
        start: h.start.getTime(),
        end: Number(h.endMs),
        quantity: h.quantity,
      }));
      return {
        id: item.id,
        title: item.title,
        stock_quantity: item.stockQuantity,
        daily_peaks: peaksBetween(held, bounds),
        daily_hired: hiredPerDay(hires, bounds),
        daily_free: netPeaksBetween(held, hires, bounds).map((net) => item.stockQuantity - net),
        bars: bars.sort(byStart),
        hires: hired.map(presentHireBar),
      };
    }),
  };
}
