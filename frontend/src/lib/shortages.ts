import type { Shortage as ShortageDto } from "@zaiko/common/availability/index";
import type { ShortCasesDto } from "@zaiko/common/availability/shortCases.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { TentativeHoldDto } from "@zaiko/common/orderitems/orderitems.schema";
import { displayDateTime } from "./dateTime";

/**
 * What a refused write (409) says stands in its way: the items it would overbook and the tentative holds
 * (仮押さえ) that block them (API.md, docs/lifecycle.md), read from the answer and put into lines to show.
 */

/** The shortages of a 409 answer, if it carries any. */
export function shortagesOf(error: unknown): ShortageDto[] {
  if (!error || typeof error !== "object" || !("data" in error)) return [];
  const data = (error as { data: unknown }).data;
  if (!data || typeof data !== "object") return [];
  const list = (data as { shortages?: unknown }).shortages;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (s): s is ShortageDto =>
      s !== null && typeof s === "object" && typeof (s as ShortageDto).title === "string",
  );
}

/** The tentative holds (仮押さえ) a 409 answer lists among the blockers, if any (docs/lifecycle.md). */
export function tentativeHoldsOf(error: unknown): TentativeHoldDto[] {
  if (!error || typeof error !== "object" || !("data" in error)) return [];
  const data = (error as { data: unknown }).data;
  if (!data || typeof data !== "object") return [];
  const list = (data as { tentative_holds?: unknown }).tentative_holds;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (h): h is TentativeHoldDto =>
      h !== null && typeof h === "object" && typeof (h as TentativeHoldDto).case_title === "string",
  );
}

/**
 * The cases a refused catalogue change names per short item (`short_cases`: a lower stock, an import, a longer
 * 点検・準備時間; docs/catalogue.md), if the answer carries them.
 */
export function shortCasesOf(error: unknown): ShortCasesDto[] {
  if (!error || typeof error !== "object" || !("data" in error)) return [];
  const data = (error as { data: unknown }).data;
  if (!data || typeof data !== "object") return [];
  const list = (data as { short_cases?: unknown }).short_cases;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (g): g is ShortCasesDto =>
      g !== null &&
      typeof g === "object" &&
      typeof (g as ShortCasesDto).title === "string" &&
      Array.isArray((g as ShortCasesDto).cases),
  );
}

/** One tentative hold as a line: case, item, quantity, deadline and holder. */
export function holdLine(h: TentativeHoldDto): string {
  return ja.lifecycle.holdLine(
    h.case_title,
    h.item_title,
    h.quantity,
    displayDateTime(h.hold_until),
    h.held_by_name ?? ja.lifecycle.unknownHolder,
  );
}

/**
 * The shortages of a 409 answer as lines to show, one per item, then the tentative holds in the way (empty
 * when it carries none).
 */
export function shortageLinesOf(error: unknown): string[] {
  return [
    ...shortagesOf(error).map((s) => ja.workcases.shortageLine(s.title, s.required, s.available)),
    ...tentativeHoldsOf(error).map(holdLine),
  ];
}
