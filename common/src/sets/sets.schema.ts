import "../zodConfig";
import { z } from "zod";
import type { Shortage } from "../availability/types";
import { noteField } from "../catalogue/catalogue.schema";
import { idField, readWholeNumber } from "../input";
import { NAME_MAX, STOCK_MAX } from "../limits";
import { ja } from "../messages/ja";
import {
  type OrderItemDto,
  type SummaryRowDto,
  type TentativeHoldDto,
  unitIdsField,
} from "../orderitems/orderitems.schema";

const s = ja.sets;

/** The most parts a set may have (a PA set has about ten). */
export const SET_PARTS_MAX = 100;

/** A part of a set: `quantity` units of item `item` per set; `title` is the item's (or its snapshot's). */
export interface SetPartDto {
  item: number;
  title: string;
  quantity: number;
}

/** A set as it leaves the server (GET/POST /api/sets/, PUT /api/sets/{id}/). */
export interface ItemSetDto {
  id: number;
  title: string;
  /** The category id, and its name. */
  category: number;
  category_name: string;
  note: string;
  parts: SetPartDto[];
  /** How many cases have this set booked (a delete keeps their parts; the screen warns first). */
  used_by: number;
  created: string;
  group: number;
  /** Row version (docs/realtime.md): live lists keep the newest state of a set. */
  version: number;
}

/**
 * Sets booked on a case (GET /api/setlines/?work_case=): `quantity` sets whose parts, as they were when the line
 * was first booked (`parts`, per set), are booked as the case's order items. `set` is null once the set is
 * deleted; `changed` says the catalogue's set has other parts now (the line keeps its own).
 */
export interface CaseSetLineDto {
  id: number;
  work_case: number;
  set: number | null;
  title: string;
  quantity: number;
  parts: SetPartDto[];
  changed: boolean;
  version: number;
}

/** POST /api/addset/{set}/{case}/ and /api/reduceset/{set}/{case}/. */
export interface SetAllocationResultDto {
  /** The case's line of the set; null when its last set went. */
  line: CaseSetLineDto | null;
  /** The parts' order items after the change (a part at 0 is in `deleted_order_items`). */
  order_items: OrderItemDto[];
  deleted_order_items: number[];
  /** The parts' summary rows for the case after the change. */
  summary: SummaryRowDto[];
}

/** The 409 of a refused addset: the short parts and, as for a '+', the tentative holds in the way. */
export interface SetShortageErrorDto {
  error: string;
  shortages: Shortage[];
  tentative_holds: TentativeHoldDto[];
}

/** Units per set: a whole number 1..STOCK_MAX. */
const partQuantity = z.unknown().transform((value, ctx): number => {
  const read = readWholeNumber(value, 1, STOCK_MAX);
  if (typeof read !== "number") {
    ctx.addIssue({ code: "custom", message: s.partQuantity });
    return z.NEVER;
  }
  return read;
});

/**
 * POST /api/sets/ and PUT /api/sets/{id}/ body. `group` is only compared with the token's group; other keys
 * the form sends back (id, category_name, used_by, …) are ignored.
 */
export const SetWriteSchema = z.object({
  title: z
    .string({ error: s.titleRequired })
    .trim()
    .min(1, s.titleRequired)
    .max(NAME_MAX, ja.validation.tooLong(NAME_MAX)),
  category: idField(ja.catalogue.categorySelect),
  note: noteField,
  parts: z
    .array(
      // A part that is no object (a bare id, null) names no item: the part's message, not zod's English.
      z.object({ item: idField(s.partItem), quantity: partQuantity }, { error: s.partItem }),
      { error: s.partsRequired },
    )
    .min(1, s.partsRequired)
    .max(SET_PARTS_MAX, s.tooManyParts(SET_PARTS_MAX))
    .refine((parts) => new Set(parts.map((p) => p.item)).size === parts.length, s.partDuplicate),
  group: z.unknown().optional(),
});
export type SetWriteInput = z.input<typeof SetWriteSchema>;
export type SetWrite = z.output<typeof SetWriteSchema>;

/**
 * The set import's CSV (docs/sets.md, "CSV import"): one row per part, the rows of a set sharing its name and
 * category. It is also the template's header.
 */
export const SET_CSV_HEADER = ["セット名", "カテゴリ", "構成アイテム", "数量"] as const;
/**
 * The set template's example rows. An import skips a row equal to one of them (cells trimmed), as the item
 * import skips its example: people fill the template in below them and leave them there.
 */
export const SET_CSV_SAMPLES = [
  ["PAセット（記入例）", "音響機器", "スピーカー", "2"],
  ["PAセット（記入例）", "音響機器", "マイク", "4"],
] as const;

/**
 * POST /api/import-set-csv/: sets created and updated, the part rows they were made of, and the template's
 * example rows left in; `parts + skipped` is every data row of the file.
 */
export interface SetImportResultDto {
  created: number;
  updated: number;
  parts: number;
  skipped: number;
}

/** A set in the weekly view: its parts and, for each of the 7 days, the sets that could still go out. */
export interface WeekSetDto {
  id: number;
  title: string;
  category: number;
  category_name: string;
  parts: SetPartDto[];
  /** Day i: the minimum over parts of ⌊(stock − the part's peak that day) ÷ units per set⌋ (docs/sets.md). */
  daily_shippable_sets: number[];
}

/** GET /api/sets/week/{y}/{m}/{d}/: the item screen's week, for sets (the items' answer is unchanged). */
export interface WeeklySetsDto {
  results: { sets: WeekSetDto[]; days: string[]; before: string; next: string };
}

/**
 * POST /api/setlines/{id}/issue/ and …/receive/: no body, or `{units}`, the units of the set's tracked parts in
 * one list (個体管理, docs/units.md); each part takes those of its item.
 */
export const SetMoveSchema = z.object({ units: unitIdsField });
