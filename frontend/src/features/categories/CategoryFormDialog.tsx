import { type CategoryDto, CategoryWriteSchema } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { useEffect, useState } from "react";
import { FormDialog } from "../../components/FormDialog";
import { ErrorList } from "../../components/form/ErrorList";
import { TextField } from "../../components/form/TextField";
import { useTouched } from "../../components/form/useTouched";
import { serverFieldMessages } from "../../lib/errors";
import { showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";
import { fieldErrors } from "../../lib/validation";
import { useCreateCategoryMutation, useUpdateCategoryMutation } from "./categoriesApi";

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
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const { touch, isTouched, reset } = useTouched<"category">();
  const editing = target !== null && target !== "new" ? target : null;

  // Every opening starts from the row (edit) or empty (new); closing forgets what was typed.
  useEffect(() => {
    setName(target !== null && target !== "new" ? target.category : "");
    setServerErrors([]);
    reset();
  }, [target, reset]);

  const errors = fieldErrors<"category">(CategoryWriteSchema, { category: name });
  const message = isTouched("category") ? errors.category : undefined;

  const onSubmit = async () => {
    setServerErrors([]);
    const body = { category: name.trim(), group: groupId };
    try {
      if (editing) await update({ id: editing.id, ...body }).unwrap();
      else await create(body).unwrap();
      onClose();
    } catch (error) {
      logFailure("category save failed", error);
      const messages = serverFieldMessages(error);
      if (messages.length > 0) setServerErrors(messages);
      else void showAlert(editing ? ja.catalogue.categoryEditFailed : ja.catalogue.categorySaveFailed);
    }
  };

  return (
    <FormDialog
      visible={target !== null}
      title={editing ? ja.categoryList.editTitle : ja.categoryList.createTitle}
      submitLabel={editing ? ja.categoryList.update : ja.categoryList.save}
      submitDisabled={Boolean(errors.category)}
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
      <ErrorList messages={serverErrors} />
    </FormDialog>
  );
}
