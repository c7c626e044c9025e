import { ja } from "@zaiko/common/messages/ja";
import type { FieldsBinding } from "../../components/form/formBinding";
import { TextField } from "../../components/form/TextField";

/** The profile fields the sign-up and member-edit screens share, with their labels and autofill hints. */
const PROFILE_FIELDS = {
  email: { label: ja.signup.email, type: "email", autoComplete: "email" },
  first_name: { label: ja.signup.firstName, type: "text", autoComplete: "given-name" },
  last_name: { label: ja.signup.lastName, type: "text", autoComplete: "family-name" },
} as const;

export type ProfileFieldName = keyof typeof PROFILE_FIELDS;

interface Props {
  name: ProfileFieldName;
  /** The user form's state; the field's message shows in the form's list, the field only turns red. */
  form: FieldsBinding<ProfileFieldName, string>;
}

/** One profile text field (email, first or last name) as both user forms show it. */
export function ProfileField({ name, form }: Props) {
  const field = PROFILE_FIELDS[name];
  return (
    <TextField
      label={field.label}
      type={field.type}
      name={name}
      autoComplete={field.autoComplete}
      value={form.values[name]}
      onChange={form.set(name)}
      onBlur={() => form.touch(name)}
      invalid={form.isTouched(name) && Boolean(form.errors[name])}
    />
  );
}
