import "../zodConfig";
import { z } from "zod";
import { readInstant } from "../input";
import { NAME_MAX, NOTE_MAX } from "../limits";
import { ja } from "../messages/ja";

const v = ja.validation;

/** 仮押さえ / 本予約 / キャンセル (docs/lifecycle.md). */
export const CASE_STATUSES = ["tentative", "confirmed", "cancelled"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** A work case as it leaves the server (API.md "WorkCase"); timestamps are ISO strings. */
export interface WorkCaseDto {
  id: number;
  title: string;
  start_date: string;
  end_date: string;
  note: string;
  created: string;
  group: number;
  /** Grows with every write of the row, in commit order: of two states of one row the higher is newer. */
  version: number;
  /** "confirmed" for every case created without a status (the spec's calls). */
  status: CaseStatus;
  /** The hold deadline (期限) of a tentative case; after a release or lapse, the deadline it had. */
  hold_until: string | null;
  /** Who holds it: user id and display name (null when never held, or the user was deleted). */
  held_by: number | null;
  held_by_name: string | null;
}

/**
 * Reads an ISO timestamp with offset (common/input.ts: the one instant reader and range); returns the Date
 * or the Japanese message that refuses it.
 */
export function readTimestamp(value: unknown, required: string): Date | string {
  const read = readInstant(value);
  if (read === "missing") return required;
  if (read === "invalid") return ja.allocation.invalidDateTime;
  if (read === "range") return v.instantOutOfRange;
  return read;
}

/** A required timestamp field with its own "required" message. */
export const timestampField = (required: string) =>
  z.unknown().transform((value, ctx): Date => {
    const read = readTimestamp(value, required);
    if (typeof read === "string") {
      ctx.addIssue({ code: "custom", message: read });
      return z.NEVER;
    }
    return read;
  });

/** A note: optional, up to NOTE_MAX characters; null or missing become "". */
export const caseNoteField = z
  .string({ error: v.invalidValue })
  .max(NOTE_MAX, v.tooLong(NOTE_MAX))
  .nullish()
  .transform((s) => s ?? "");

/** Adds the spec's "start must not be later than end" issue (on start_date) when both dates parsed. */
export function refinePeriod(value: { start_date: Date; end_date: Date }, ctx: z.RefinementCtx): void {
  // Runs on whatever zod holds when the body was no object at all (a top-level array): nothing to compare.
  if (!(value?.start_date instanceof Date) || !(value.end_date instanceof Date)) return;
  if (value.start_date.getTime() > value.end_date.getTime()) {
    ctx.addIssue({ code: "custom", path: ["start_date"], message: v.startAfterEnd });
  }
}

/**
 * `refinePeriod`'s run condition: both dates read, whatever the other fields hold. By default zod skips an
 * object's refinement once any field failed, and a form would then hide a reversed period behind an empty
 * quantity (the spec shows the period message on its own).
 */
export const whenPeriodRead: z.core.$ZodSuperRefineParams = {
  when: (payload) =>
    !payload.issues.some((issue) => issue.path?.[0] === "start_date" || issue.path?.[0] === "end_date"),
};

/**
 * POST /api/workcases/ and PUT /api/workcases/{id}/ body. `group` is only compared with the token's group;
 * other keys the edit form sends back (id, created) are ignored.
 */
const caseFields = {
  title: z
    .string({ error: v.workCaseTitleRequired })
    .trim()
    .min(1, v.workCaseTitleRequired)
    .max(NAME_MAX, v.tooLong(NAME_MAX)),
  start_date: timestampField(v.startRequired),
  end_date: timestampField(v.endRequired),
  note: caseNoteField,
  group: z.unknown().optional(),
};

/**
 * The PUT body. `status`, `hold_until` and the other keys a client echoes from the DTO are ignored: the
 * status changes only through POST /api/workcases/{id}/status/ (docs/lifecycle.md).
 */
export const WorkCaseWriteSchema = z.object(caseFields).superRefine(refinePeriod, whenPeriodRead);
export type WorkCaseWriteInput = z.input<typeof WorkCaseWriteSchema>;
export type WorkCaseWrite = z.output<typeof WorkCaseWriteSchema>;

const L = ja.lifecycle;

/** An optional deadline: missing, null or "" is none; otherwise an ISO timestamp with offset. */
const optionalTimestamp = z
  .unknown()
  .optional()
  .transform((value, ctx): Date | null => {
    if (value === undefined || value === null || value === "") return null;
    const read = readTimestamp(value, L.holdUntilRequired);
    if (typeof read === "string") {
      ctx.addIssue({ code: "custom", message: read });
      return z.NEVER;
    }
    return read;
  });

/** A tentative case needs a deadline; any other status takes none. */
function refineHold(value: { status: CaseStatus; hold_until: Date | null }, ctx: z.RefinementCtx): void {
  if (value.status === "tentative" && value.hold_until === null) {
    ctx.addIssue({ code: "custom", path: ["hold_until"], message: L.holdUntilRequired });
  } else if (value.status !== "tentative" && value.hold_until !== null) {
    ctx.addIssue({ code: "custom", path: ["hold_until"], message: L.holdUntilOnlyTentative });
  }
}

/**
 * POST /api/workcases/ body: the spec's fields, plus an optional `status` ("confirmed", the default, or
 * "tentative" with `hold_until`). Whether the deadline lies ahead is checked by the server's clock.
 */
export const WorkCaseCreateSchema = z
  .object({
    ...caseFields,
    status: z
      .enum(["tentative", "confirmed"], { error: L.invalidStatus })
      .nullish()
      .transform((s) => s ?? "confirmed"),
    hold_until: optionalTimestamp,
  })
  .superRefine(refinePeriod, whenPeriodRead)
  .superRefine(refineHold);
export type WorkCaseCreate = z.output<typeof WorkCaseCreateSchema>;

/**
 * POST /api/workcases/{id}/status/ body: the status to go to, and for "tentative" the deadline (a new one
 * for a case already on hold extends or shortens it).
 */
export const CaseStatusChangeSchema = z
  .object({
    status: z.enum(CASE_STATUSES, { error: L.invalidStatus }),
    hold_until: optionalTimestamp,
  })
  .superRefine(refineHold);
export type CaseStatusChange = z.output<typeof CaseStatusChangeSchema>;

/** POST /api/duplicate_work_case/{id}/ optional body: both dates (another period) or neither (the same). */
export const DuplicateWorkCaseSchema = z
  .object({
    start_date: z.unknown().optional(),
    end_date: z.unknown().optional(),
  })
  .transform((body, ctx): { start_date: Date; end_date: Date } | null => {
    const none = (x: unknown) => x === undefined || x === null || x === "";
    if (none(body.start_date) && none(body.end_date)) return null;
    const start = readTimestamp(body.start_date, v.startRequired);
    const end = readTimestamp(body.end_date, v.endRequired);
    if (typeof start === "string") ctx.addIssue({ code: "custom", path: ["start_date"], message: start });
    if (typeof end === "string") ctx.addIssue({ code: "custom", path: ["end_date"], message: end });
    if (typeof start === "string" || typeof end === "string") return z.NEVER;
    const period = { start_date: start, end_date: end };
    refinePeriod(period, ctx);
    return period;
  });
