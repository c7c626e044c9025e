import type { HireBarDto, SubRentalDto, SupplierDto } from "@zaiko/common/subrentals/subrentals.schema";
import { iso, isoOrNull } from "../../lib/iso";
import type { hireBarsOf, SubRentalView, SupplierRow } from "./subrentals.queries";

/** The one shape of a supplier that leaves the server. */
export const presentSupplier = (r: SupplierRow): SupplierDto => ({
  id: r.id,
  name: r.name,
  contact: r.contact,
  memo: r.memo,
  group: r.groupId,
  version: Number(r.version),
});

/** The one shape of a sub-rental that leaves the server. */
export const presentSubRental = ({
  row: r,
  supplierName,
  itemTitle,
  caseTitle,
  lostQuantity,
  brokenQuantity,
  hasReports,
}: SubRentalView): SubRentalDto => ({
  id: r.id,
  supplier: r.supplierId,
  supplier_name: supplierName,
  item: r.itemId,
  item_title: itemTitle,
  quantity: r.quantity,
  start_date: iso(r.startDate),
  end_date: iso(r.endDate),
  work_case: r.workCaseId,
  case_title: r.workCaseId === null ? null : caseTitle,
  cost_memo: r.costMemo,
  status: r.status,
  received_at: isoOrNull(r.receivedAt),
  returned_at: isoOrNull(r.returnedAt),
  lost_quantity: Number(lostQuantity),
  broken_quantity: Number(brokenQuantity),
  return_quantity: r.quantity - Number(lostQuantity),
  has_reports: Boolean(hasReports),
  created: iso(r.createdAt),
  group: r.groupId,
  version: Number(r.version),
});

/** A hire's bar (item screen, timeline), named by its supplier. */
export const presentHireBar = (r: Awaited<ReturnType<typeof hireBarsOf>>[number]): HireBarDto => ({
  sub_rental_id: r.id,
  supplier_name: r.supplierName,
  quantity: r.quantity,
  status: r.status,
  start_date: iso(r.start),
  end_date: iso(Number(r.endMs)),
  work_case: r.workCaseId,
});
