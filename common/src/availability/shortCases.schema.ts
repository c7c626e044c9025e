import type { CaseStatus } from "../workcases/workcases.schema";

/**
 * Who would go short when a catalogue change is refused (issue 37: a lower stock, a CSV import lowering it, a
 * longer 点検・準備時間): per short item, the first instant its bookings would exceed the new stock and the cases
 * holding it then (docs/catalogue.md, "Which cases a refusal names"). Timestamps are ISO strings.
 */

/** A case holding units of a short item at that instant (its booking's rows held then, added up). */
export interface ShortCaseDto {
  case_id: number;
  case_title: string;
  status: CaseStatus;
  /** The period over which those units hold the item (an early return ends it early), turnaround not included. */
  start_date: string;
  end_date: string;
  /** Units of the item this case holds at that instant. */
  quantity: number;
  /** Units of this case reported lost or broken (紛失・故障): they hold from the report, 9999-12-31 while open. */
  out_of_service: boolean;
}

/** One short item of the refusal's `shortages`: where its stock first breaks and the cases held then. */
export interface ShortCasesDto {
  item_id: number;
  title: string;
  /** The first instant its usage (turnaround included) would exceed the new stock. */
  at: string;
  /** By start, then case id. */
  cases: ShortCaseDto[];
}
