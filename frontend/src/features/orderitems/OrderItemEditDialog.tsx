import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { useEffect, useId, useState } from "react";
import { AppDialog } from "../../components/AppDialog";
import { ErrorList } from "../../components/form/ErrorList";
import { PeriodFields } from "../../components/form/PeriodFields";
import { ShortageList } from "../../components/ShortageList";
import type { OrderItemDto, ShortageDto } from "../../lib/allocation";
import { parseIso } from "../../lib/dateTime";
import { type OrderItemFormValues, validateOrderItem } from "./orderItemForm";

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

type Field = "start" | "end" | "quantity";

const valuesOf = (o: OrderItemDto | null): OrderItemFormValues => ({
  start: parseIso(o?.start_date),
  end: parseIso(o?.end_date),
  quantity: o ? String(o.order_quantity) : "",
  note: o?.note ?? "",
});

/** 出荷アイテム編集 (spec §2): the row's period, quantity (labelled 在庫数) and note. */
export function OrderItemEditDialog({ orderItem, busy, serverError, shortages, onCancel, onSubmit }: Props) {
  const [values, setValues] = useState(() => valuesOf(orderItem));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const quantityId = useId();
  const noteId = useId();
  useEffect(() => {
    setValues(valuesOf(orderItem));
    setTouched({});
  }, [orderItem]);

  const errors = validateOrderItem(values);
  const invalid = Object.keys(errors).length > 0;
  const touch = (field: Field) => setTouched((p) => ({ ...p, [field]: true }));

  return (
    <AppDialog
      title={t.editTitle}
      visible={orderItem !== null}
      onHide={onCancel}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={ja.common.cancel} outlined onClick={onCancel} disabled={busy} />
          <Button
            type="button"
            label={t.save}
            disabled={invalid}
            loading={busy}
            onClick={() => onSubmit(values)}
          />
        </div>
      }
    >
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid && !busy) onSubmit(values);
        }}
      >
        {orderItem ? <p className="dialog-target">{orderItem.items.title}</p> : null}
        <PeriodFields
          labels={{ start: t.startDate, end: t.endDate }}
          start={values.start}
          end={values.end}
          onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
          errors={errors}
          touched={touched}
          touch={touch}
        />
        <div className="form-field">
          <label htmlFor={quantityId}>{t.quantity}</label>
          <InputText
            id={quantityId}
            value={values.quantity}
            inputMode="numeric"
            pattern="[0-9]*"
            onChange={(e) => setValues((v) => ({ ...v, quantity: e.target.value }))}
            onBlur={() => touch("quantity")}
            invalid={Boolean(touched.quantity && errors.quantity)}
            aria-invalid={Boolean(touched.quantity && errors.quantity) || undefined}
            className="form-input"
          />
          {touched.quantity && errors.quantity ? (
            <small className="form-error">{errors.quantity}</small>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor={noteId}>{t.note}</label>
          <InputText
            id={noteId}
            value={values.note}
            onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))}
            className="form-input"
          />
        </div>
        <ErrorList messages={serverError ? [serverError] : []} />
        <ShortageList shortages={shortages} />
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </AppDialog>
  );
}
