import type { ShortCasesDto } from "@zaiko/common/availability/shortCases.schema";
import { type CategoryDto, CategoryWriteSchema } from "@zaiko/common/catalogue/catalogue.schema";
import { hoursText, minutesFromHours } from "@zaiko/common/catalogue/turnaroundHours";
import { ja } from "@zaiko/common/messages/ja";
import { useEffect, useState } from "react";
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
import { useCreateCategoryMutation, useUpdateCategoryMutation } from "./categoriesApi";

/** The 409 a longer turnaround gets: the server's `error` and one line per item that would be short. */
function shortageMessages(error: unknown): string[] | null {
  if ((error as { status?: unknown })?.status !== 409) return null;
  return [serverDetail(error) ?? ja.turnaround.raisedShort, ...shortageLinesOf(error)];
}

interface Props {
  /** null: closed; "new": 新規カテゴリ; a category: カテゴリ編集 prefilled with it. */
  target: "new" | CategoryDto | null;
  groupId: number;
  onClose: () => void;
}

/**
 * The new-category and category-edit dialog. Server field messages (a taken name) show in the
 * dialog; any other failure is the spec's alert.
 */
export function CategoryFormDialog({ target, groupId, onClose }: Props) {
  const [create, { isLoading: creating }] = useCreateCategoryMutation();
  const [update, { isLoading: updating }] = useUpdateCategoryMutation();
  const [name, setName] = useState("");
  const [turnaround, setTurnaround] = useState<TurnaroundHours>({ after: "0", before: "0" });
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // The cases a refused longer turnaround would leave short (docs/catalogue.md).
  const [shortCases, setShortCases] = useState<ShortCasesDto[]>([]);
  const { touch, isTouched, reset } = useTouched<"category">();
  const editing = target !== null && target !== "new" ? target : null;

  // Every opening starts from the row (edit) or empty (new); closing forgets what was typed.
  useEffect(() => {
    const row = target !== null && target !== "new" ? target : null;
    setName(row ? row.category : "");
    setTurnaround({
      after: hoursText(row?.turnaround_after_minutes ?? 0),
      before: hoursText(row?.turnaround_before_minutes ?? 0),
    });
    setServerErrors([]);
    setShortCases([]);
    reset();
  }, [target, reset]);

  const errors = fieldErrors<"category">(CategoryWriteSchema, { category: name });
  const message = isTouched("category") ? errors.category : undefined;
  const turnaroundInvalid = [turnaround.after, turnaround.before].some((h) => turnaroundError(h, false));

  const onSubmit = async () => {
    setServerErrors([]);
    setShortCases([]);
    const minutes = (h: string) => {
      const m = minutesFromHours(h);
      return typeof m === "number" ? m : 0;
    };
    // Sent only when they change (the spec's call stays as it was for a group without turnaround).
    const after = minutes(turnaround.after);
    const before = minutes(turnaround.before);
    const body = {
      category: name.trim(),
      group: groupId,
      ...(after !== (editing?.turnaround_after_minutes ?? 0) ? { turnaround_after_minutes: after } : {}),
      ...(before !== (editing?.turnaround_before_minutes ?? 0) ? { turnaround_before_minutes: before } : {}),
    };
    try {
      if (editing) await update({ id: editing.id, ...body }).unwrap();
      else await create(body).unwrap();
      onClose();
    } catch (error) {
      logFailure("category save failed", error);
      const messages = shortageMessages(error) ?? serverFieldMessages(error);
      setShortCases(shortCasesOf(error));
      if (messages.length > 0) setServerErrors(messages);
      else void showAlert(editing ? ja.catalogue.categoryEditFailed : ja.catalogue.categorySaveFailed);
    }
  };

  return (
    <FormDialog
      visible={target !== null}
      title={editing ? ja.categoryList.editTitle : ja.categoryList.createTitle}
      submitLabel={editing ? ja.categoryList.update : ja.categoryList.save}
      submitDisabled={Boolean(errors.category) || turnaroundInvalid}
      busy={creating || updating}
      onCancel={onClose}
      onSubmit={onSubmit}
    >
      <TextField
        label={ja.categoryList.name}
        name="category"
        value={name}
        onChange={(value) => {
          setName(value);
          touch("category");
        }}
        onBlur={() => touch("category")}
        error={message}
        autoComplete="off"
      />
      <TurnaroundFields
        value={turnaround}
        onChange={setTurnaround}
        help={ja.turnaround.categoryHelp}
        allowEmpty={false}
      />
      <ErrorList messages={serverErrors} />
      <ShortCaseList groups={shortCases} />
    </FormDialog>
  );
}
