import "../zodConfig";
import { z } from "zod";
import { readWholeNumber } from "../input";
import { STOCK_MAX } from "../limits";
import { ja } from "../messages/ja";
import { readTimestamp } from "../workcases/workcases.schema";
import { type UnitChoice, unitIdsField } from "./orderitems.schema";

const O = ja.outages;

/** What came back of a receive (docs/lifecycle.md): in good order, lost (紛失) or broken (故障). */
export type Disposition = "returned" | "lost" | "broken";

/** A whole number 0…1,000,000 (a numeric string is read); missing is 0. */
const countField = (message: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): number => {
      if (value === undefined || value === null) return 0;
      const n = readWholeNumber(value, 0, STOCK_MAX);
      if (typeof n !== "number") {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/**
 * POST /api/orderitems/{id}/receive/ `{quantity, lost?, broken?, repair_due?}`: units back in good order,
 * lost and broken (with the expected repair date), at least one in all. The spec-era body `{quantity}`
 * (at least 1) reads as before.
 */
export const ReceiveSchema = z
  .object({
    quantity: countField(ja.movements.quantityRequired),
    lost: countField(O.quantityInvalid),
    broken: countField(O.quantityInvalid),
    repair_due: z
      .unknown()
      .optional()
      .transform((value, ctx): Date | null => {
        if (value === undefined || value === null || value === "") return null;
        const read = readTimestamp(value, O.repairDueInvalid);
        if (typeof read === "string") {
          // Out of the range says so; anything else unreadable is the field's own message.
          const message = read === ja.validation.instantOutOfRange ? read : O.repairDueInvalid;
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return read;
      }),
    /**
     * 外部手配 (docs/subrental.md): the lost and broken units are hired ones, of this sub-rental (null or missing:
     * the item's own units).
     */
    sub_rental: z
      .unknown()
      .optional()
      .transform((value, ctx): number | null => {
        if (value === undefined || value === null || value === "") return null;
        const id = readWholeNumber(value, 1, 2147483647);
        if (typeof id !== "number") {
          ctx.addIssue({ code: "custom", message: ja.subrentals.subRentalInvalid });
          return z.NEVER;
        }
        return id;
      }),
    /** A tracked item's units back in good order, lost and broken (docs/units.md). */
    units: unitIdsField,
    lost_units: unitIdsField,
    broken_units: unitIdsField,
  })
  .superRefine((v, ctx) => {
    if (v.quantity + v.lost + v.broken < 1) {
      ctx.addIssue({
        code: "custom",
        path: ["quantity"],
        message: v.lost + v.broken === 0 ? ja.movements.quantityRequired : O.nothingReceived,
      });
    }
    if (v.sub_rental !== null && v.lost + v.broken === 0) {
      ctx.addIssue({ code: "custom", path: ["sub_rental"], message: ja.subrentals.subRentalNoLoss });
    }
    if (v.broken > 0 && v.repair_due === null) {
      ctx.addIssue({ code: "custom", path: ["repair_due"], message: O.repairDueRequired });
    } else if (v.broken === 0 && v.repair_due !== null) {
      ctx.addIssue({ code: "custom", path: ["repair_due"], message: O.repairDueOnlyBroken });
    }
  });
export type Receive = Omit<z.output<typeof ReceiveSchema>, keyof UnitChoice> & UnitChoice;

/**
 * Units of an item out of service (GET /api/items/{id}/outages/): a receive's lost or broken units, who
 * reported them when, and (once found or repaired) who resolved them when. `id` is the movement's id.
 */
export interface OutageDto {
  id: number;
  order_item: number;
  item: number;
  work_case: number;
  work_case_title: string;
  kind: "lost" | "broken";
  quantity: number;
  at: string;
  member: number | null;
  member_name: string;
  repair_due: string | null;
  resolved_at: string | null;
  resolved_by: number | null;
  resolved_by_name: string | null;
  /** Hired units (外部手配, docs/subrental.md): the sub-rental and its supplier's name; null for own units. */
  sub_rental: number | null;
  supplier_name: string | null;
}

/**
 * An order item of a case left short by units other cases have not brought back after their end (延滞):
 * GET /api/workcases/{id}/overdue/. `required` is its window's peak usage with the overdue units held.
 */
export interface OverdueWarningDto {
  item_id: number;
  title: string;
  required: number;
  available: number;
  overdue: { case_id: number; case_title: string; quantity: number; end_date: string }[];
}

/**
 * GET /api/orderitems/{id}/hires/: the hires a lost or broken report of the line may name (外部手配,
 * docs/subrental.md), the case's own first. `reported`: units already reported lost or broken against it.
 */
export interface LineHireDto {
  id: number;
  supplier_name: string;
  quantity: number;
  reported: number;
  start_date: string;
  end_date: string;
  for_case: boolean;
}
