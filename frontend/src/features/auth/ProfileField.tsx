import { ja } from "@zaiko/common/messages/ja";
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
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  invalid: boolean;
}

/** One profile text field (email, first or last name) as both user forms show it. */
export function ProfileField({ name, value, onChange, onBlur, invalid }: Props) {
  const field = PROFILE_FIELDS[name];
  return (
    <TextField
      label={field.label}
      type={field.type}
      name={name}
      autoComplete={field.autoComplete}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      invalid={invalid}
    />
  );
}
