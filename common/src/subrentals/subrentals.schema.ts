import "../zodConfig";
import { z } from "zod";
import { idField, readWholeNumber } from "../input";
import { NAME_MAX, NOTE_MAX, STOCK_MAX } from "../limits";
import { ja } from "../messages/ja";
import { refinePeriod, timestampField, whenPeriodRead } from "../workcases/workcases.schema";

const v = ja.validation;
const s = ja.subrentals;

/** 外部手配 status (docs/subrental.md): 手配中 → 入荷済 → 返却済, or 取消 from 手配中 / 入荷済. */
export const SUBRENTAL_STATUSES = ["requested", "received", "returned", "cancelled"] as const;
export type SubRentalStatus = (typeof SUBRENTAL_STATUSES)[number];

/** 取引先 as it leaves the server. */
export interface SupplierDto {
  id: number;
  name: string;
  contact: string;
  memo: string;
  group: number;
  version: number;
}

/** 外部手配 as it leaves the server. `end_date` is the planned return; `returned_at` the real one. */
export interface SubRentalDto {
  id: number;
  supplier: number;
  supplier_name: string;
  item: number;
  item_title: string;
  quantity: number;
  start_date: string;
  end_date: string;
  work_case: number | null;
  case_title: string | null;
  cost_memo: string;
  status: SubRentalStatus;
  received_at: string | null;
  returned_at: string | null;
  /** Hired units reported lost / broken at a customer against it (docs/subrental.md; the supplier must be told). */
  lost_quantity: number;
  broken_quantity: number;
  /** What its 返却 gives back to the supplier: the quantity less the lost units (broken ones go back broken). */
  return_quantity: number;
  /** Whether any report names it, found or repaired ones too: such a hire is returned, never cancelled. */
  has_reports: boolean;
  created: string;
  group: number;
  version: number;
}

/** A hire drawn on the item screen and the timeline: its own bar, named by the supplier. */
export interface HireBarDto {
  sub_rental_id: number;
  supplier_name: string;
  quantity: number;
  status: SubRentalStatus;
  /** The period the units are with us, as availability counts it (a return before the plan ends it then). */
  start_date: string;
  end_date: string;
  work_case: number | null;
}

const text = (max: number) =>
  z
    .string({ error: v.invalidValue })
    .max(max, v.tooLong(max))
    .nullish()
    .transform((x) => x ?? "");

/** POST /api/suppliers/ and PUT /api/suppliers/{id}/ */
export const SupplierWriteSchema = z.object({
  name: z
    .string({ error: s.supplierNameRequired })
    .trim()
    .min(1, s.supplierNameRequired)
    .max(NAME_MAX, v.tooLong(NAME_MAX)),
  contact: text(NAME_MAX),
  memo: text(NOTE_MAX),
});
export type SupplierWrite = z.output<typeof SupplierWriteSchema>;
export type SupplierWriteInput = z.input<typeof SupplierWriteSchema>;

/** A quantity of hired units: 1..STOCK_MAX. */
export const hireQuantityField = z.unknown().transform((value, ctx): number => {
  const read = readWholeNumber(value, 1, STOCK_MAX);
  if (typeof read !== "number") {
    ctx.addIssue({ code: "custom", message: s.quantityInvalid });
    return z.NEVER;
  }
  return read;
});

/** An optional case id: null, missing or "" for none. */
const caseField = z
  .unknown()
  .optional()
  .transform((value, ctx): number | null => {
    if (value === null || value === undefined || value === "") return null;
    const id = idField(s.caseNotFound).safeParse(value);
    if (!id.success) {
      ctx.addIssue({ code: "custom", message: s.caseNotFound });
      return z.NEVER;
    }
    return id.data;
  });

/** POST /api/subrentals/ and PUT /api/subrentals/{id}/ (the whole row but its status). */
export const SubRentalWriteSchema = z
  .object({
    supplier: idField(s.supplierSelect),
    item: idField(s.itemSelect),
    quantity: hireQuantityField,
    start_date: timestampField(s.startRequired),
    end_date: timestampField(s.endRequired),
    work_case: caseField,
    cost_memo: text(NOTE_MAX),
  })
  .superRefine((value, ctx) => refinePeriod(value, ctx), whenPeriodRead);
export type SubRentalWrite = z.output<typeof SubRentalWriteSchema>;
export type SubRentalWriteInput = z.input<typeof SubRentalWriteSchema>;

/** POST /api/subrentals/{id}/status/ {status}: 入荷 (received), 返却 (returned) or 取消 (cancelled). */
export const SubRentalStatusSchema = z.object({
  status: z.enum(["received", "returned", "cancelled"], { error: v.invalidValue }),
});
export type SubRentalStatusWrite = z.output<typeof SubRentalStatusSchema>;

/** Which status may follow which (docs/subrental.md, state diagram). */
export const SUBRENTAL_TRANSITIONS: Record<SubRentalStatus, readonly SubRentalStatus[]> = {
  requested: ["received", "cancelled"],
  received: ["returned", "cancelled"],
  returned: [],
  cancelled: [],
};
