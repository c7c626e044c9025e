import { ja } from "@zaiko/common/messages/ja";
import { useEffect, useState } from "react";
import { FormDialog } from "../../components/FormDialog";
import { ErrorList } from "../../components/form/ErrorList";
import { PeriodFields } from "../../components/form/PeriodFields";
import { TextField } from "../../components/form/TextField";
import { useTouched } from "../../components/form/useTouched";
import { ShortageList } from "../../components/ShortageList";
import type { OrderItemDto, ShortageDto } from "../../lib/allocation";
import { type OrderItemFormValues, orderItemFormOf, validateOrderItem } from "./orderItemForm";

const t = ja.orderitems;

interface Props {
  orderItem: OrderItemDto | null;
  busy: boolean;
  /** The server's refusal (its `error` field, or 更新に失敗しました。). */
  serverError: string | null;
  /** When the server refused for lack of stock: which items, by how many. */
  shortages: ShortageDto[];
  onCancel: () => void;
  onSubmit: (values: OrderItemFormValues) => void;
}

/** What the page keeps of a refused save. */
export interface EditRefusal {
  message: string;
  shortages: ShortageDto[];
}

type Field = "start" | "end" | "quantity" | "note";

/** 出荷アイテム編集 (spec §2): the row's period, quantity (labelled 在庫数) and note. */
export function OrderItemEditDialog({ orderItem, busy, serverError, shortages, onCancel, onSubmit }: Props) {
  const [values, setValues] = useState(() => orderItemFormOf(orderItem));
  const { touch, isTouched, reset } = useTouched<Field>();
  useEffect(() => {
    setValues(orderItemFormOf(orderItem));
    reset();
  }, [orderItem, reset]);

  const errors = validateOrderItem(values);
  const set =
    <K extends keyof OrderItemFormValues>(field: K) =>
    (value: OrderItemFormValues[K]) =>
      setValues((v) => ({ ...v, [field]: value }));

  return (
    <FormDialog
      visible={orderItem !== null}
      title={t.editTitle}
      submitLabel={t.save}
      submitDisabled={Object.keys(errors).length > 0}
      busy={busy}
      onCancel={onCancel}
      onSubmit={() => onSubmit(values)}
    >
      {orderItem ? <p className="dialog-target">{orderItem.items.title}</p> : null}
      <PeriodFields
        labels={{ start: t.startDate, end: t.endDate }}
        start={values.start}
        end={values.end}
        onChange={(field, value) => set(field)(value)}
        errors={errors}
        isTouched={isTouched}
        touch={touch}
      />
      <TextField
        label={t.quantity}
        value={values.quantity}
        onChange={set("quantity")}
        onBlur={() => touch("quantity")}
        error={isTouched("quantity") ? errors.quantity : undefined}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
      />
      <TextField
        label={t.note}
        value={values.note}
        onChange={(note) => {
          set("note")(note);
          touch("note");
        }}
        onBlur={() => touch("note")}
        error={isTouched("note") ? errors.note : undefined}
      />
      <ErrorList messages={serverError ? [serverError] : []} />
      <ShortageList shortages={shortages} />
    </FormDialog>
  );
}
