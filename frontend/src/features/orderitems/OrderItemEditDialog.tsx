import { ja } from "@zaiko/common/messages/ja";
import { useEffect, useState } from "react";
import { FormDialog } from "../../components/FormDialog";
import { ErrorList } from "../../components/form/ErrorList";
import { fieldSetter } from "../../components/form/formBinding";
import { NoteField } from "../../components/form/NoteField";
import { PeriodFields } from "../../components/form/PeriodFields";
import { TextField } from "../../components/form/TextField";
import { useTouched } from "../../components/form/useTouched";
import { ShortageList } from "../../components/ShortageList";
import type { OrderItemDto, ShortageDto } from "../../lib/allocation";
import { WhyShortButton } from "../availability";
import { type OrderItemFormValues, orderItemBody, orderItemFormOf, validateOrderItem } from "./orderItemForm";

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
  const set = fieldSetter(setValues);
  // The period and the note wire to the form alike (components/form/formBinding.ts).
  const form = { values, set, errors, isTouched, touch };

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
      <PeriodFields labels={{ start: t.startDate, end: t.endDate }} form={form} />
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
      <NoteField label={t.note} form={form} />
      <ErrorList messages={serverError ? [serverError] : []} />
      <ShortageList
        shortages={shortages}
        explain={(s) => {
          // Who holds the item over the period and quantity in the form (what was refused).
          const body = orderItemBody(values);
          const quantity = Number(body.order_quantity);
          if (!orderItem || !body.start_date || !body.end_date || !Number.isInteger(quantity) || quantity < 1)
            return null;
          return (
            <WhyShortButton
              look="text"
              itemId={s.item_id}
              itemTitle={s.title}
              caseId={orderItem.work_case}
              start={body.start_date}
              end={body.end_date}
              quantity={quantity}
            />
          );
        }}
      />
    </FormDialog>
  );
}
