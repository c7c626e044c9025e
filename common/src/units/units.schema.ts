import "../zodConfig";
import { z } from "zod";
import { readId } from "../input";
import { NOTE_MAX } from "../limits";
import { ja } from "../messages/ja";

const U = ja.units;

/** Where a unit is now (docs/units.md): in the warehouse, out on a case, lost, broken, or retired. */
export type UnitStatus = "in" | "out" | "lost" | "broken" | "retired";

/** The only shape of a unit that leaves the server (REST and the `units.upserted` event). */
export interface UnitDto {
  id: number;
  item: number;
  item_title: string;
  category_name: string;
  /** 管理番号 */
  tag: string;
  /** 製造番号 */
  serial: string;
  memo: string;
  status: UnitStatus;
  /** While out: the order item and its case. */
  out: { order_item: number; work_case: number; work_case_title: string } | null;
  /** While lost or broken: the report (an outage, `POST /api/outages/{id}/resolve/`). */
  outage: { id: number; kind: "lost" | "broken"; at: string; work_case_title: string } | null;
  /** Broken reports ever recorded for the unit (修理回数). */
  repairs: number;
  retired_at: string | null;
  created: string;
  version: number;
}

/** One movement of a unit (its page): an issue, a receive, a lost or broken report. */
export interface UnitMovementDto {
  id: number;
  kind: "issue" | "receive";
  disposition: "returned" | "lost" | "broken";
  at: string;
  member_name: string;
  order_item: number;
  work_case: number;
  work_case_title: string;
  resolved_at: string | null;
  resolved_by_name: string | null;
}

/** GET /api/units/{id}/: the unit, where it went, and its history entries (newest first). */
export interface UnitPageDto {
  unit: UnitDto;
  movements: UnitMovementDto[];
  cases: { work_case: number; work_case_title: string; start_date: string; end_date: string }[];
}

/** An asset tag: 1–40 characters, no spaces (a label and a scanner carry it). */
export const TAG_MAX = 40;
const TAG_RE = /^[^\s]{1,40}$/u;

/** A typed tag is read as NFKC (a full-width tag typed with an IME is the same tag) and trimmed. */
export const normalizeTag = (text: string): string => text.normalize("NFKC").trim();

const tagField = z
  .string({ error: U.tagInvalid })
  .transform((s) => normalizeTag(s))
  .refine((s) => TAG_RE.test(s), U.tagInvalid);

const textField = (max: number) =>
  z
    .string({ error: ja.validation.invalidValue })
    .max(max, U.textTooLong(max))
    .nullish()
    .transform((s) => (s ?? "").trim());

const itemField = z.unknown().transform((value, ctx): number => {
  const id = readId(value);
  if (id === undefined) {
    ctx.addIssue({ code: "custom", message: ja.errors.notFound });
    return z.NEVER;
  }
  return id;
});

/** POST /api/units/tracking/ `{item, tracked, prefix?}`: 個体管理 on (with the tags' prefix) or off. */
export const TrackingSchema = z.object({
  item: itemField,
  tracked: z.boolean({ error: ja.validation.invalidValue }),
  prefix: z
    .string({ error: U.prefixInvalid })
    .transform((s) => s.normalize("NFKC").trim())
    .refine((s) => /^[^\s]{1,20}$/u.test(s), U.prefixInvalid)
    .optional(),
});
export type TrackingInput = z.output<typeof TrackingSchema>;

/** POST /api/units/ `{item, tag?, serial?, memo?}`: one unit more (its tag typed, or generated). */
export const UnitCreateSchema = z.object({
  item: itemField,
  // A tag that is no text at all (a number, a list) gets the tag's own message, not zod's "Invalid input".
  tag: z
    .union([z.literal(""), z.null(), tagField], { error: U.tagInvalid })
    .optional()
    .transform((t) => (t ? t : null)),
  serial: textField(200),
  memo: textField(NOTE_MAX),
});
export type UnitCreate = z.output<typeof UnitCreateSchema>;

/** PATCH /api/units/{id}/ `{tag?, serial?, memo?}`. */
export const UnitEditSchema = z.object({
  tag: tagField.optional(),
  serial: textField(200).optional(),
  memo: textField(NOTE_MAX).optional(),
});
export type UnitEdit = z.output<typeof UnitEditSchema>;

export { type UnitChoice, unitIdsField } from "../orderitems/orderitems.schema";

/** Label sheets (docs/units.md): A4 12 and 24 per sheet, or one label per page for a label printer. */
export const LABEL_LAYOUTS = ["a4-12", "a4-24", "single"] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];
export const LABELS_PER_SHEET: Record<LabelLayout, number> = { "a4-12": 12, "a4-24": 24, single: 1 };
