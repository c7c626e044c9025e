import { idField } from "@zaiko/common/input";
import { ja } from "@zaiko/common/messages/ja";
import { z } from "zod";

const e = ja.exports;

/** A positive 32-bit id as the client may hold it: a number, or digits (case details can come from a query string). */
const caseId = idField(e.caseIdRequired);

/** An entry of order_items: the order item itself (only its id is read) or its bare id. */
const orderItemRef = z.union(
  [
    idField(e.orderItemsInvalid),
    z.looseObject({ id: idField(e.orderItemsInvalid) }).transform((row) => row.id),
  ],
  {
    error: e.orderItemsInvalid,
  },
);

/**
 * POST /api/export-excel/. Only ids are read: the case comes from the database, and order_items only
 * selects and orders rows. Other fields of both (the client sends whole objects) are ignored.
 */
export const ExportExcelSchema = z.object({
  workcaseDetail: z.looseObject({ id: caseId }, { error: e.caseIdRequired }),
  order_items: z
    .array(orderItemRef, { error: e.orderItemsInvalid })
    .max(10_000, e.orderItemsInvalid)
    .nullish()
    .transform((ids) => ids ?? []),
});

export type ExportExcelRequest = z.output<typeof ExportExcelSchema>;
