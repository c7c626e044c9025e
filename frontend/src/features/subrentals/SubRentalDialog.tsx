import { ja } from "@zaiko/common/messages/ja";
import type { SubRentalDto } from "@zaiko/common/subrentals/subrentals.schema";
import { Dropdown } from "primereact/dropdown";
import { useEffect, useId, useState } from "react";
import { FormDialog } from "../../components/FormDialog";
import { DateTimeField } from "../../components/form/DateTimeField";
import { ErrorList } from "../../components/form/ErrorList";
import { TextField } from "../../components/form/TextField";
import { ShortCaseList } from "../../components/ShortCaseList";
import { serverDetail, serverFieldMessages } from "../../lib/errors";
import { shortCasesOf } from "../../lib/shortages";
import {
  useCreateSubRentalMutation,
  useCreateSupplierMutation,
  useListSuppliersQuery,
  useUpdateSubRentalMutation,
} from "./subrentalsApi";

const t = ja.subrentals;

/** What the form starts from: a refusal's missing units (item, quantity, period, case) or a row to edit. */
export interface SubRentalPrefill {
  item: { id: number; title: string } | null;
  quantity: number;
  start: Date | null;
  end: Date | null;
  caseId: number | null;
  caseTitle?: string | null;
  /** Editing an existing sub-rental (its supplier, memo and id). */
  editing?: SubRentalDto;
}

interface Props {
  /** null: closed. */
  prefill: SubRentalPrefill | null;
  /** The items the user may pick when the prefill names none (the list page's 新規外部手配). */
  items?: { id: number; title: string }[];
  onCancel: () => void;
  /** After the save: the caller retries what was refused (外部手配で補う) or just closes. */
  onSaved: (saved: SubRentalDto) => void;
}

/**
 * 外部手配 (docs/subrental.md): supplier (chosen, or a new one typed in: created on save), item, quantity, the
 * period the units are with us (入荷予定 → 返却予定), cost memo. Opened prefilled from a refusal (外部手配で補う)
 * or from the list. A refused save (it would leave bookings short) shows the cases it names.
 */
export function SubRentalDialog({ prefill, items = [], onCancel, onSaved }: Props) {
  const suppliers = useListSuppliersQuery(undefined, { skip: prefill === null });
  const [createSupplier] = useCreateSupplierMutation();
  const [create, { isLoading: creating }] = useCreateSubRentalMutation();
  const [update, { isLoading: updating }] = useUpdateSubRentalMutation();
  const [supplier, setSupplier] = useState<number | null>(null);
  const [newSupplier, setNewSupplier] = useState("");
  const [item, setItem] = useState<number | null>(null);
  const [quantity, setQuantity] = useState("1");
  const [start, setStart] = useState<Date | null>(null);
  const [end, setEnd] = useState<Date | null>(null);
  const [costMemo, setCostMemo] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [shortCases, setShortCases] = useState<ReturnType<typeof shortCasesOf>>([]);
  const supplierId = useId();
  const itemId = useId();

  useEffect(() => {
    if (!prefill) return;
    const row = prefill.editing;
    setSupplier(row?.supplier ?? null);
    setNewSupplier("");
    setItem(row?.item ?? prefill.item?.id ?? null);
    setQuantity(String(row?.quantity ?? prefill.quantity));
    setStart(row ? new Date(row.start_date) : prefill.start);
    setEnd(row ? new Date(row.end_date) : prefill.end);
    setCostMemo(row?.cost_memo ?? "");
    setErrors([]);
    setShortCases([]);
  }, [prefill]);

  // The first supplier is chosen for a new sub-rental once the list is there (most groups hire from one or two).
  const list = suppliers.data ?? [];
  useEffect(() => {
    if (prefill && !prefill.editing && supplier === null && list.length > 0) setSupplier(list[0]!.id);
  }, [prefill, supplier, list]);

  const count = /^[0-9０-９]+$/.test(quantity.trim())
    ? Number(quantity.trim().replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)))
    : Number.NaN;
  const valid =
    (supplier !== null || newSupplier.trim() !== "") &&
    item !== null &&
    Number.isInteger(count) &&
    count >= 1 &&
    start !== null &&
    end !== null &&
    start.getTime() <= end.getTime();

  const onSubmit = async () => {
    if (!prefill || !valid || item === null || start === null || end === null) return;
    setErrors([]);
    setShortCases([]);
    try {
      const supplierOf =
        newSupplier.trim() !== ""
          ? (await createSupplier({ name: newSupplier.trim(), contact: "", memo: "" }).unwrap()).id
          : supplier!;
      const body = {
        supplier: supplierOf,
        item,
        quantity: count,
        start_date: start.toISOString(),
        end_date: end.toISOString(),
        work_case: prefill.editing ? prefill.editing.work_case : prefill.caseId,
        cost_memo: costMemo,
      };
      const saved = prefill.editing
        ? await update({ id: prefill.editing.id, ...body }).unwrap()
        : await create(body).unwrap();
      onSaved(saved);
    } catch (error) {
      const fields = serverFieldMessages(error);
      setErrors([serverDetail(error) ?? "", ...fields].filter((m) => m !== ""));
      setShortCases(shortCasesOf(error));
    }
  };

  const itemChoice = prefill?.item ?? null;
  return (
    <FormDialog
      visible={prefill !== null}
      title={prefill?.editing ? t.editTitle : t.newSubRental}
      busy={creating || updating}
      onCancel={onCancel}
      submitLabel={prefill?.editing ? t.save : t.submit}
      submitDisabled={!valid}
      onSubmit={onSubmit}
    >
      <ErrorList messages={errors} />
      {shortCases.length > 0 ? <ShortCaseList groups={shortCases} /> : null}
      <div className="field">
        <label htmlFor={supplierId}>{t.supplierName}</label>
        <Dropdown
          inputId={supplierId}
          value={supplier}
          options={list}
          optionLabel="name"
          optionValue="id"
          placeholder={t.supplierSelect}
          onChange={(e) => setSupplier(typeof e.value === "number" ? e.value : null)}
          disabled={newSupplier.trim() !== ""}
        />
      </div>
      <TextField label={t.newSupplier} value={newSupplier} onChange={setNewSupplier} />
      {itemChoice ? (
        <p className="subrental-item">
          {t.item}：<strong>{itemChoice.title}</strong>
          {prefill?.caseTitle ? `（${t.forCase}：${prefill.caseTitle}）` : null}
        </p>
      ) : (
        <div className="field">
          <label htmlFor={itemId}>{t.item}</label>
          <Dropdown
            inputId={itemId}
            value={item}
            options={items}
            optionLabel="title"
            optionValue="id"
            filter={items.length > 10}
            placeholder={t.itemSelect}
            onChange={(e) => setItem(typeof e.value === "number" ? e.value : null)}
          />
        </div>
      )}
      <TextField label={t.quantity} value={quantity} onChange={setQuantity} inputMode="numeric" />
      <DateTimeField label={t.startLabel} value={start} onChange={setStart} />
      <DateTimeField label={t.endLabel} value={end} onChange={setEnd} fallback={start} />
      <TextField label={t.costMemo} value={costMemo} onChange={setCostMemo} />
    </FormDialog>
  );
}
