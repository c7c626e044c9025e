import { ja } from "@zaiko/common/messages/ja";

const v = ja.validation;

/** The 出荷アイテム編集 form. */
export interface OrderItemFormValues {
  start: Date | null;
  end: Date | null;
  quantity: string;
  note: string;
}

export type OrderItemFormErrors = Partial<Record<"start" | "end" | "range" | "quantity", string>>;

/** Same date rules as the work case (spec §5); the quantity follows the stock quantity rules. */
export function validateOrderItem(values: OrderItemFormValues): OrderItemFormErrors {
  const errors: OrderItemFormErrors = {};
  if (!values.start) errors.start = v.startRequired;
  if (!values.end) errors.end = v.endRequired;
  if (values.start && values.end && values.start.getTime() > values.end.getTime()) {
    errors.range = v.startAfterEnd;
  }
  const quantity = values.quantity.trim();
  if (quantity === "") errors.quantity = v.stockRequired;
  else if (!/^[0-9]+$/.test(quantity)) errors.quantity = v.stockNumeric;
  return errors;
}
