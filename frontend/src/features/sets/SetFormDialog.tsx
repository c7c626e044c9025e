import { ja } from "@zaiko/common/messages/ja";
import { type ItemSetDto, SET_PARTS_MAX, SetWriteSchema } from "@zaiko/common/sets/sets.schema";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { PlusIcon } from "primereact/icons/plus";
import { TimesIcon } from "primereact/icons/times";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { useEffect, useId, useState } from "react";
import { FormDialog } from "../../components/FormDialog";
import { ErrorList } from "../../components/form/ErrorList";
import { TextField } from "../../components/form/TextField";
import { useTouched } from "../../components/form/useTouched";
import { primeIcon } from "../../components/icons/primeIcon";
import { serverFieldMessages } from "../../lib/errors";
import { showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";
import { fieldErrors } from "../../lib/validation";
import { type PartChoices, useCreateSetMutation, useUpdateSetMutation } from "./setsApi";

const s = ja.sets;
const addIcon = primeIcon(PlusIcon);
const removeIcon = primeIcon(TimesIcon);

type Field = "title" | "category" | "note" | "parts";

interface PartValue {
  /** A key of the row on the form (parts are added and removed). */
  key: number;
  item: number | null;
  quantity: string;
}

interface Values {
  title: string;
  category: number | null;
  note: string;
  parts: PartValue[];
}

let nextKey = 1;
const emptyPart = (): PartValue => ({ key: nextKey++, item: null, quantity: "1" });
const valuesOf = (set: ItemSetDto | null): Values =>
  set
    ? {
        title: set.title,
        category: set.category,
        note: set.note,
        parts: set.parts.map((p) => ({ key: nextKey++, item: p.item, quantity: String(p.quantity) })),
      }
    : { title: "", category: null, note: "", parts: [emptyPart()] };

/** The body the form sends, and what it validates with the server's schema. */
const bodyOf = (v: Values, groupId: number) => ({
  title: v.title,
  category: v.category,
  note: v.note,
  parts: v.parts.map((p) => ({ item: p.item, quantity: p.quantity })),
  group: groupId,
});

interface Props {
  /** null: closed; "new": 新規セット; a set: セット編集 prefilled with it. */
  target: "new" | ItemSetDto | null;
  choices: PartChoices;
  groupId: number;
  onClose: () => void;
}

/** 新規セット / セット編集: name, category, note and the parts (item × units per set, at least one). */
export function SetFormDialog({ target, choices, groupId, onClose }: Props) {
  const [create, { isLoading: creating }] = useCreateSetMutation();
  const [update, { isLoading: updating }] = useUpdateSetMutation();
  const [values, setValues] = useState<Values>(() => valuesOf(null));
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const { touch, isTouched, reset } = useTouched<Field>();
  const categoryId = useId();
  const noteId = useId();
  const editing = target !== null && target !== "new" ? target : null;

  useEffect(() => {
    setValues(valuesOf(target !== null && target !== "new" ? target : null));
    setServerErrors([]);
    reset();
  }, [target, reset]);

  const errors = fieldErrors<Field>(SetWriteSchema, bodyOf(values, groupId));
  const shown = (field: Field) => (isTouched(field) ? errors[field] : undefined);
  const set =
    <K extends keyof Values>(field: K & Field) =>
    (value: Values[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      touch(field);
    };
  const setPart = (key: number, change: Partial<PartValue>) => {
    setValues((v) => ({ ...v, parts: v.parts.map((p) => (p.key === key ? { ...p, ...change } : p)) }));
    touch("parts");
  };

  const onSubmit = async () => {
    setServerErrors([]);
    const body = {
      title: values.title.trim(),
      category: values.category,
      note: values.note,
      parts: values.parts.map((p) => ({ item: p.item, quantity: Number(p.quantity.trim()) })),
      group: groupId,
    };
    try {
      if (editing) await update({ id: editing.id, body }).unwrap();
      else await create(body).unwrap();
      onClose();
    } catch (error) {
      logFailure("set save failed", error);
      const messages = serverFieldMessages(error);
      if (messages.length > 0) setServerErrors(messages);
      else void showAlert(s.saveFailed);
    }
  };

  const categoryError = shown("category");
  const partsError = shown("parts");
  const itemOptions = choices.items.map((i) => ({ label: `${i.title}（${i.category_name}）`, value: i.id }));
  return (
    <FormDialog
      visible={target !== null}
      title={editing ? s.editTitle : s.createTitle}
      submitLabel={editing ? s.update : s.save}
      submitDisabled={Object.keys(errors).length > 0}
      busy={creating || updating}
      onCancel={onClose}
      onSubmit={onSubmit}
    >
      <TextField
        label={s.setName}
        name="title"
        value={values.title}
        onChange={set("title")}
        onBlur={() => touch("title")}
        error={shown("title")}
        autoComplete="off"
      />
      <div className="form-field">
        <label htmlFor={categoryId}>{s.category}</label>
        <Dropdown
          inputId={categoryId}
          value={values.category}
          options={choices.categories}
          optionLabel="category"
          optionValue="id"
          placeholder={ja.itemList.categoryPlaceholder}
          emptyMessage={ja.itemList.noCategories}
          onChange={(e) => set("category")(typeof e.value === "number" ? e.value : null)}
          onBlur={() => touch("category")}
          invalid={Boolean(categoryError)}
        />
        {categoryError ? <small className="form-error">{categoryError}</small> : null}
      </div>
      <fieldset className="form-field set-parts">
        <legend>{s.parts}</legend>
        {values.parts.map((part, index) => (
          <div className="set-part" key={part.key}>
            <Dropdown
              value={part.item}
              options={itemOptions}
              placeholder={s.itemPlaceholder}
              filter={itemOptions.length > 10}
              ariaLabel={s.partItemLabel(index + 1)}
              onChange={(e) => setPart(part.key, { item: typeof e.value === "number" ? e.value : null })}
              className="set-part-item"
            />
            <InputText
              value={part.quantity}
              inputMode="numeric"
              aria-label={s.partQuantityLabel(index + 1)}
              onChange={(e) => setPart(part.key, { quantity: e.target.value })}
              className="set-part-quantity"
            />
            <Button
              type="button"
              icon={removeIcon}
              text
              rounded
              severity="secondary"
              aria-label={s.removePart(index + 1)}
              disabled={values.parts.length <= 1}
              onClick={() => setValues((v) => ({ ...v, parts: v.parts.filter((p) => p.key !== part.key) }))}
            />
          </div>
        ))}
        <Button
          type="button"
          label={s.addPart}
          icon={addIcon}
          size="small"
          outlined
          disabled={values.parts.length >= SET_PARTS_MAX}
          onClick={() => setValues((v) => ({ ...v, parts: [...v.parts, emptyPart()] }))}
        />
        {partsError ? <small className="form-error">{partsError}</small> : null}
      </fieldset>
      <div className="form-field">
        <label htmlFor={noteId}>{s.note}</label>
        <InputTextarea
          id={noteId}
          value={values.note}
          rows={3}
          autoResize
          onChange={(e) => set("note")(e.target.value)}
        />
      </div>
      <ErrorList messages={serverErrors} />
    </FormDialog>
  );
}
