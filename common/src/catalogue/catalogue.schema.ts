import "../zodConfig";
import { z } from "zod";
import { idField, readWholeNumber } from "../input";
import { NAME_MAX, NOTE_MAX, STOCK_MAX } from "../limits";
import { ja } from "../messages/ja";

const v = ja.validation;
const c = ja.catalogue;

/** A category as it leaves the server (API.md "Category"). */
export interface CategoryDto {
  id: number;
  category: string;
  group: number;
  /** Row version (docs/realtime.md): live lists keep the newest state of a category. */
  version: number;
  /** Turnaround (点検・準備時間) of its items that set none, in minutes (docs/availability.md). */
  turnaround_before_minutes: number;
  turnaround_after_minutes: number;
}

/** An item as it leaves the server (API.md "Item"). `category` is the category id. */
export interface ItemDto {
  id: number;
  title: string;
  category: number;
  category_name: string;
  stock_quantity: number;
  note: string;
  created: string;
  group: number;
  /** Grows with every write of the row, in commit order: of two states of one row the higher is newer. */
  version: number;
  /** 個体管理あり (docs/units.md): the stock is the count of its units, changed by adding or retiring one. */
  unit_tracked: boolean;
  /** The item's own turnaround minutes (点検・準備時間); null follows its category's. */
  turnaround_before_minutes: number | null;
  turnaround_after_minutes: number | null;
  /** The turnaround that holds its units: its own, else its category's (docs/availability.md). */
  effective_turnaround_before_minutes: number;
  effective_turnaround_after_minutes: number;
}

/** An item of the weekly view: peak usage for each of the 7 days. */
export interface WeekItemDto extends ItemDto {
  daily_order_quantities: number[];
  /** Of each day's peak, how many units are only tentatively held (仮押さえ): the peak minus the confirmed peak. */
  daily_tentative_quantities: number[];
  /** The most units hired in (外部手配, docs/subrental.md) present at some instant of each day. */
  daily_hired_quantities?: number[];
  /**
   * Units free over each whole day: stock − max(usage − hired) that day, the rule of every check (with no hires,
   * stock − daily_order_quantities). The server always sends both; a row upserted by an event keeps the shown ones.
   */
  daily_free_quantities?: number[];
}

/** GET /api/items/{y}/{m}/{d}/ */
export interface WeeklyItemsDto {
  results: {
    items: WeekItemDto[];
    days: string[];
    categories: CategoryDto[];
    before: string;
    next: string;
  };
}

/** GET /api/items/{id}/allocations/: how many order items (allocations to cases) use the item. */
export interface ItemAllocationsDto {
  order_items: number;
}

/** GET /api/items/?category={id} */
export interface RelatedItemDto {
  id: number;
  title: string;
}

/** POST /api/import-item-csv/ success. */
export interface ImportResultDto {
  created: number;
  updated: number;
  /** Rows that were the template's example row, left in the file and not imported. */
  skipped: number;
}

/** One refused CSV row: `line` is the file's line number where the row starts (the header is line 1). */
export interface ImportRowError {
  line: number;
  message: string;
}

/** The import template's header, which is also the header an imported file must have. */
export const ITEM_CSV_HEADER = ["アイテム名", "カテゴリ", "在庫数", "メモ"] as const;
/**
 * The example row of the import template. An import skips a row equal to it (cells trimmed): people
 * fill the template in below it and leave it there, and it must not become an item.
 */
export const ITEM_CSV_SAMPLE = ["プロジェクター", "映像機器", "10", "予備ランプ付き"] as const;

/** A trimmed name of 1..NAME_MAX characters. */
const nameOf = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX, v.tooLong(NAME_MAX));

/**
 * Reads a stock quantity with the one whole-number reader (common/input.ts), 0..STOCK_MAX.
 * Returns the number, or the Japanese message that refuses it.
 */
export function readStock(value: unknown): number | string {
  // Negative JSON numbers read as "not a number of units" (the spec's message), larger ones as too large.
  const read = readWholeNumber(value, 0, Number.POSITIVE_INFINITY);
  if (read === "missing") return v.stockRequired;
  if (read === "invalid" || read === "range") return v.stockNumeric;
  return read > STOCK_MAX ? c.stockTooLarge : read;
}

/** The stock quantity field: required, digits only, 0..1,000,000. */
export const stockField = z.unknown().transform((value, ctx): number => {
  const read = readStock(value);
  if (typeof read === "string") {
    ctx.addIssue({ code: "custom", message: read });
    return z.NEVER;
  }
  return read;
});

/** The item note: optional, up to NOTE_MAX characters; null or missing become "". */
export const noteField = z
  .string({ error: v.invalidValue })
  .max(NOTE_MAX, v.tooLong(NOTE_MAX))
  .nullish()
  .transform((s) => s ?? "");

/** The largest turnaround, in minutes (30 days), and its step: forms speak hours in 0.5 steps. */
export const TURNAROUND_MAX_MINUTES = 43_200;
export const TURNAROUND_STEP_MINUTES = 30;

/** Reads turnaround minutes: a whole multiple of 30 in 0..43,200 (a digit string too), or the message. */
export function readTurnaround(value: unknown): number | string {
  const read = readWholeNumber(value, 0, TURNAROUND_MAX_MINUTES);
  if (typeof read !== "number" || read % TURNAROUND_STEP_MINUTES !== 0) return ja.turnaround.invalid;
  return read;
}

/** A turnaround field: absent leaves it as it is (the spec's forms send none); null only where `nullable`. */
const turnaroundField = (nullable: boolean) =>
  z
    .unknown()
    .transform((value, ctx): number | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null || value === "") {
        if (nullable) return null;
        ctx.addIssue({ code: "custom", message: ja.turnaround.invalid });
        return z.NEVER;
      }
      const read = readTurnaround(value);
      if (typeof read === "string") {
        ctx.addIssue({ code: "custom", message: read });
        return z.NEVER;
      }
      return read;
    })
    .optional();

/** A category id chosen in a form: a positive 32-bit integer (a digit string is accepted too). */
const categoryIdField = idField(c.categorySelect);

/**
 * POST /api/categories/ and PUT /api/categories/{id}/ body. `group` is only compared with the token's
 * group (by the route); other keys the client sends back (id) are ignored.
 */
export const CategoryWriteSchema = z.object({
  category: nameOf(v.categoryRequired),
  group: z.unknown().optional(),
  turnaround_before_minutes: turnaroundField(false),
  turnaround_after_minutes: turnaroundField(false),
});
export type CategoryWrite = z.output<typeof CategoryWriteSchema>;
export type CategoryWriteInput = z.input<typeof CategoryWriteSchema>;

/**
 * POST /api/items/ and PUT /api/items/{id}/ body. The edit form sends the whole item back; keys other than
 * these (id, category_name, created, daily_order_quantities) are ignored.
 */
export const ItemWriteSchema = z.object({
  title: nameOf(v.itemTitleRequired),
  category: categoryIdField,
  stock_quantity: stockField,
  note: noteField,
  group: z.unknown().optional(),
  /** The item's own turnaround minutes; null follows its category's, absent keeps what it was. */
  turnaround_before_minutes: turnaroundField(true),
  turnaround_after_minutes: turnaroundField(true),
});
export type ItemWriteInput = z.input<typeof ItemWriteSchema>;
export type ItemWrite = z.output<typeof ItemWriteSchema>;
