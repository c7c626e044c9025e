import "../zodConfig";
import { z } from "zod";
import type { Shortage } from "../availability/index";
import { readStock } from "../catalogue/catalogue.schema";
import { readId, readWholeNumber } from "../input";
import { STOCK_MAX as QUANTITY_MAX } from "../limits";
import { ja } from "../messages/ja";
import {
  caseNoteField,
  readTimestamp,
  refinePeriod,
  timestampField,
  whenPeriodRead,
} from "../workcases/workcases.schema";

const v = ja.validation;

/** A unit out on an order item (個体管理, docs/units.md): its id and asset tag (管理番号). */
export interface UnitOutDto {
  id: number;
  tag: string;
}

/**
 * A shipped item (order item) as it leaves the server (API.md "OrderItem"); `category` is the name. Beyond the
 * spec's shape: `items.unit_tracked` and `units_out` (docs/units.md, "The shipped item list").
 */
export interface OrderItemDto {
  id: number;
  /** `unit_tracked`: the item is tracked by unit (個体管理), so its 出庫 / 入庫 name their units. */
  items: { id: number; title: string; category_name: string; unit_tracked: boolean };
  work_case: number;
  order_quantity: number;
  start_date: string;
  end_date: string;
  issue: string | null;
  receive: string | null;
  note: string;
  category: string;
  /** Grows with every write of the row, in commit order: of two states of one row the higher is newer. */
  version: number;
  /**
   * Units issued (出庫済) and received back (入庫済) so far, 0 ≤ received ≤ issued ≤ order_quantity. `issue` is
   * the first issue's time (null while none is out), `receive` the time the last unit came back (null until
   * all of `order_quantity` is back): docs/lifecycle.md.
   */
  issued_quantity: number;
  received_quantity: number;
  /**
   * The units out on this line now, in tag order (the board's order): empty for a count item and for a tracked
   * line with none out. Binding or unbinding a unit writes the row, so a newer `units_out` has a higher version.
   */
  units_out: UnitOutDto[];
}

/** One issue or receive of some units of an order item (GET /api/orderitems/{id}/movements/). */
export interface MovementDto {
  id: number;
  order_item: number;
  kind: "issue" | "receive";
  quantity: number;
  at: string;
  /** The member who recorded it (null once deleted, or for a time set before movements existed). */
  member: number | null;
  member_name: string;
  /** A receive's units: returned, lost or broken (docs/lifecycle.md); an issue's are "returned". */
  disposition: "returned" | "lost" | "broken";
  repair_due: string | null;
  /** Lost or broken units found or repaired at (null while out of service). */
  resolved_at: string | null;
}

/** One row of a case's inventory summary (API.md "SummaryRow"): `id` is the item id, `category` its name. */
export interface SummaryRowDto {
  id: number;
  name: string;
  category: string;
  category_id: number;
  stock_quantity: number;
  shippable_quantity: number;
}

/** POST /api/additem and /api/reduceitem. */
export interface AllocationResultDto {
  order_item: OrderItemDto | null;
  summary: SummaryRowDto;
}

/**
 * A tentative hold (仮押さえ) of another case among the bookings that made an allocation short: who holds it
 * and until when, so the coordinator knows whom to ask (docs/lifecycle.md).
 */
export interface TentativeHoldDto {
  case_id: number;
  case_title: string;
  item_id: number;
  item_title: string;
  quantity: number;
  start_date: string;
  end_date: string;
  hold_until: string;
  held_by: number | null;
  held_by_name: string | null;
}

/** The body of every allocation refusal (409); `tentative_holds` is empty when no hold is in the way. */
export interface ShortageErrorDto {
  error: string;
  shortages: Shortage[];
  tentative_holds: TentativeHoldDto[];
}

/** The order quantity: the stock quantity rules, and at least 1 (a row of 0 is a reduce to nothing). */
const quantityField = z.unknown().transform((value, ctx): number => {
  const read = readStock(value);
  if (typeof read === "string" || read < 1) {
    ctx.addIssue({ code: "custom", message: typeof read === "string" ? read : ja.allocation.quantityMin });
    return z.NEVER;
  }
  return read;
});

/** Unit ids of a movement: distinct ids, at most 1,000; absent is undefined (a count-only body). */
export const unitIdsField = z
  .unknown()
  .optional()
  .transform((value, ctx): number[] | undefined => {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value) || value.length > 1000) {
      ctx.addIssue({ code: "custom", message: ja.units.unitsInvalid });
      return z.NEVER;
    }
    const ids = value.map(readId);
    if (ids.some((id) => id === undefined)) {
      ctx.addIssue({ code: "custom", message: ja.units.unitsInvalid });
      return z.NEVER;
    }
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: "custom", message: ja.units.duplicateUnits });
      return z.NEVER;
    }
    return ids as number[];
  });

/** Which units of a tracked line a movement moves (POST …/issue/ `units`, …/receive/ `units`, `lost_units`, `broken_units`). */
export interface UnitChoice {
  units?: number[];
  lost_units?: number[];
  broken_units?: number[];
}

/** POST /api/orderitems/{id}/issue/ and …/receive/: how many units (an integer, at least 1). */
export const MovementSchema = z.object({
  quantity: z.unknown().transform((value, ctx): number => {
    const n = readWholeNumber(value, 1, QUANTITY_MAX);
    if (typeof n !== "number") {
      ctx.addIssue({ code: "custom", message: ja.movements.quantityRequired });
      return z.NEVER;
    }
    return n;
  }),
  /** A tracked item's units that go (docs/units.md); their count is the quantity. */
  units: unitIdsField,
});

/** The edit dialog's fields (出荷アイテム編集): checked like the case form plus the quantity rules. */
export const OrderItemEditSchema = z
  .object({
    start_date: timestampField(v.startRequired),
    end_date: timestampField(v.endRequired),
    order_quantity: quantityField,
    note: caseNoteField,
  })
  .superRefine(refinePeriod, whenPeriodRead);

/** A timestamp or null (clears it). */
const optionalTimestamp = z.unknown().transform((value, ctx): Date | null => {
  if (value === null || value === "") return null;
  const read = readTimestamp(value, ja.allocation.invalidDateTime);
  if (typeof read === "string") {
    ctx.addIssue({ code: "custom", message: read });
    return z.NEVER;
  }
  return read;
});

export const IssuePatchSchema = z.object({ issue: optionalTimestamp });
export const ReceivePatchSchema = z.object({ receive: optionalTimestamp });

/** PATCH /api/orderitems/{id}/: exactly one of the three forms the client sends. */
export type OrderItemPatch =
  | { kind: "issue"; issue: Date | null }
  | { kind: "receive"; receive: Date | null }
  | ({ kind: "edit" } & z.output<typeof OrderItemEditSchema>);

const EDIT_KEYS = ["start_date", "end_date", "order_quantity", "note"] as const;

/**
 * Which form a PATCH body is: any edit field makes it an edit (the whole form is then required); else
 * `issue` alone or `receive` alone. Returns the schema to parse it with, or undefined for none of them.
 */
export function orderItemPatchSchema(body: unknown): z.ZodType<OrderItemPatch> | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const has = (k: string) => Object.hasOwn(body, k);
  if (EDIT_KEYS.some(has)) return OrderItemEditSchema.transform((e) => ({ kind: "edit" as const, ...e }));
  if (has("issue") && !has("receive"))
    return IssuePatchSchema.transform((p) => ({ kind: "issue" as const, ...p }));
  if (has("receive") && !has("issue"))
    return ReceivePatchSchema.transform((p) => ({ kind: "receive" as const, ...p }));
  return undefined;
}
