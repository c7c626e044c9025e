import type { ShortCasesDto } from "@zaiko/common/availability/shortCases.schema";
import { type CategoryDto, type ItemDto, ItemWriteSchema } from "@zaiko/common/catalogue/catalogue.schema";
import { hoursText, minutesFromHours } from "@zaiko/common/catalogue/turnaroundHours";
import { ja } from "@zaiko/common/messages/ja";
import { Dropdown } from "primereact/dropdown";
import { InputTextarea } from "primereact/inputtextarea";
import { useEffect, useId, useState } from "react";
import { FormDialog } from "../../components/FormDialog";
import { ErrorList } from "../../components/form/ErrorList";
import { TextField } from "../../components/form/TextField";
import {
  TurnaroundFields,
  type TurnaroundHours,
  turnaroundError,
} from "../../components/form/TurnaroundFields";
import { useTouched } from "../../components/form/useTouched";
import { ShortCaseList } from "../../components/ShortCaseList";
import { serverDetail, serverFieldMessages } from "../../lib/errors";
import { showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";
import { shortageLinesOf, shortCasesOf } from "../../lib/shortages";
import { fieldErrors } from "../../lib/validation";
import { useCreateItemMutation, useUpdateItemMutation } from "./itemsApi";

type Field = "title" | "category" | "stock_quantity" | "note";

interface Values {
  title: string;
  category: number | null;
  stock_quantity: string;
  note: string;
  turnaround: TurnaroundHours;
}

const EMPTY: Values = {
  title: "",
  category: null,
  stock_quantity: "",
  note: "",
  turnaround: { after: "", before: "" },
};

/** Typed hours as the API's minutes: empty follows the category (null). */
const minutesOrNull = (hours: string) => {
  const m = minutesFromHours(hours);
  return typeof m === "number" ? m : null;
};

/** The 409 a stock lowering gets: the server's `error` and one line per item that would be short. */
function shortageMessages(error: unknown): string[] | null {
  const body = (error as { status?: unknown; data?: unknown } | undefined)?.data;
  if ((error as { status?: unknown })?.status !== 409 || !body || typeof body !== "object") return null;
  return [serverDetail(error) ?? ja.catalogue.stockBelowAllocation, ...shortageLinesOf(error)];
}

interface Props {
  /** null: closed; "new": 新規アイテム; an item: アイテム編集 prefilled with it. */
  target: "new" | ItemDto | null;
  categories: CategoryDto[];
  groupId: number;
  onClose: () => void;
}

/** The new-item and item-edit dialog (アイテム名, カテゴリ, 在庫数, メモ). */
export function ItemFormDialog({ target, categories, groupId, onClose }: Props) {
  const [create, { isLoading: creating }] = useCreateItemMutation();
  const [update, { isLoading: updating }] = useUpdateItemMutation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // The cases a refused stock lowering or longer turnaround would leave short (docs/catalogue.md).
  const [shortCases, setShortCases] = useState<ShortCasesDto[]>([]);
  const { touch, isTouched, reset } = useTouched<Field>();
  const categoryId = useId();
  const noteId = useId();
  const editing = target !== null && target !== "new" ? target : null;

  useEffect(() => {
    const item = target !== null && target !== "new" ? target : null;
    setValues(
      item
        ? {
            title: item.title,
            category: item.category,
            stock_quantity: String(item.stock_quantity),
            note: item.note,
            turnaround: {
              after: hoursText(item.turnaround_after_minutes),
              before: hoursText(item.turnaround_before_minutes),
            },
          }
        : EMPTY,
    );
    setServerErrors([]);
    setShortCases([]);
    reset();
  }, [target, reset]);

  const errors = fieldErrors<Field>(ItemWriteSchema, {
    title: values.title,
    category: values.category,
    stock_quantity: values.stock_quantity,
    note: values.note,
  });
  const turnaroundInvalid = [values.turnaround.after, values.turnaround.before].some((h) =>
    turnaroundError(h, true),
  );
  // What an empty field follows: the chosen category's turnaround.
  const category = categories.find((c) => c.id === values.category);
  const itemHelp = category
    ? `${ja.turnaround.itemHelp}${ja.turnaround.followsCategory(
        ja.turnaround.hours(hoursText(category.turnaround_after_minutes)),
        ja.turnaround.hours(hoursText(category.turnaround_before_minutes)),
      )}`
    : ja.turnaround.itemHelp;
  const shown = (field: Field) => (isTouched(field) ? errors[field] : undefined);
  const set =
    <K extends Field>(field: K) =>
    (value: Values[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      touch(field);
    };

  const changed = (key: "turnaround_after_minutes" | "turnaround_before_minutes", minutes: number | null) =>
    minutes !== (editing ? editing[key] : null) ? { [key]: minutes } : {};

  const onSubmit = async () => {
    if (values.category === null) return;
    setServerErrors([]);
    setShortCases([]);
    const body = {
      title: values.title.trim(),
      category: values.category,
      stock_quantity: Number(values.stock_quantity.trim()),
      note: values.note,
      group: groupId,
      // Sent only when they change (the spec's call stays as it was for a group without turnaround).
      ...changed("turnaround_after_minutes", minutesOrNull(values.turnaround.after)),
      ...changed("turnaround_before_minutes", minutesOrNull(values.turnaround.before)),
    };
    try {
      if (editing) await update({ id: editing.id, ...body }).unwrap();
      else await create(body).unwrap();
      onClose();
    } catch (error) {
      logFailure("item save failed", error);
      const messages = shortageMessages(error) ?? serverFieldMessages(error);
      setShortCases(shortCasesOf(error));
      if (messages.length > 0) setServerErrors(messages);
      else void showAlert(editing ? ja.catalogue.itemEditFailed : ja.catalogue.itemSaveFailed);
    }
  };

  const categoryError = shown("category");
  return (
    <FormDialog
      visible={target !== null}
      title={editing ? ja.itemList.editTitle : ja.itemList.createTitle}
      submitLabel={editing ? ja.itemList.update : ja.itemList.save}
      submitDisabled={Object.keys(errors).length > 0 || turnaroundInvalid}
      busy={creating || updating}
      onCancel={onClose}
      onSubmit={onSubmit}
    >
      <TextField
        label={ja.itemList.title}
        name="title"
        value={values.title}
        onChange={set("title")}
        onBlur={() => touch("title")}
        error={shown("title")}
        autoComplete="off"
      />
      <div className="form-field">
        <label htmlFor={categoryId}>{ja.itemList.category}</label>
        <Dropdown
          inputId={categoryId}
          value={values.category}
          options={categories}
          optionLabel="category"
          optionValue="id"
          placeholder={ja.itemList.categoryPlaceholder}
          emptyMessage={ja.itemList.noCategories}
          filter={categories.length > 10}
          onChange={(e) => set("category")(typeof e.value === "number" ? e.value : null)}
          onBlur={() => touch("category")}
          invalid={Boolean(categoryError)}
          aria-describedby={categoryError ? `${categoryId}-message` : undefined}
        />
        {categoryError ? (
          <small id={`${categoryId}-message`} className="form-error">
            {categoryError}
          </small>
        ) : null}
      </div>
      <TextField
        label={ja.itemList.stock}
        name="stock_quantity"
        value={values.stock_quantity}
        onChange={set("stock_quantity")}
        onBlur={() => touch("stock_quantity")}
        error={shown("stock_quantity")}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
      />
      <TurnaroundFields
        value={values.turnaround}
        onChange={(turnaround) => setValues((v) => ({ ...v, turnaround }))}
        help={itemHelp}
        allowEmpty
      />
      <div className="form-field">
        <label htmlFor={noteId}>{ja.itemList.note}</label>
        <InputTextarea
          id={noteId}
          value={values.note}
          onChange={(e) => set("note")(e.target.value)}
          rows={4}
          autoResize
          className="form-input"
          invalid={Boolean(shown("note"))}
        />
        {shown("note") ? <small className="form-error">{shown("note")}</small> : null}
      </div>
      <ErrorList messages={serverErrors} />
      <ShortCaseList groups={shortCases} />
    </FormDialog>
  );
}
