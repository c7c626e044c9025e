import { OrderItemEditSchema } from "@zaiko/common/orderitems/orderitems.schema";
import { type PeriodMessages, periodBody, periodFormMessages } from "../../components/form/periodForm";
import type { OrderItemDto } from "../../lib/allocation";
import { wallClockOf } from "../../lib/dateTime";

/** The 出荷アイテム編集 form; dates are wall-clock Dates (lib/dateTime.ts). */
export interface OrderItemFormValues {
  start: Date | null;
  end: Date | null;
  quantity: string;
  note: string;
}

/** The form of a row (empty when there is none). */
export const orderItemFormOf = (o: OrderItemDto | null): OrderItemFormValues => ({
  start: wallClockOf(o?.start_date),
  end: wallClockOf(o?.end_date),
  quantity: o ? String(o.order_quantity) : "",
  note: o?.note ?? "",
});

/** The PATCH body of an edit: ISO timestamps with the business offset, the quantity as typed (trimmed). */
export function orderItemBody(values: OrderItemFormValues) {
  return {
    ...periodBody(values),
    order_quantity: values.quantity.trim(),
    note: values.note,
  };
}

export type OrderItemFormErrors = PeriodMessages & { quantity?: string; note?: string };

/** Same rules as the server's PATCH (spec §5: the case's date rules, the quantity the stock quantity's). */
export function validateOrderItem(values: OrderItemFormValues): OrderItemFormErrors {
  return periodFormMessages(OrderItemEditSchema, orderItemBody(values), {
    order_quantity: "quantity",
    note: "note",
  });
}
