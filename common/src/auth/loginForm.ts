import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../limits";
import { ja } from "../messages/ja/firstScreen";

export type LoginField = "email" | "password";

/**
 * The login form's checks without zod, so that the first screen does not download it: the same rules and
 * messages as `LoginFormSchema` (auth.schema.ts), first message per field. loginForm.test.ts compares the
 * two on generated input; change both together.
 */
export function loginFormErrors(values: {
  email: string;
  password: string;
}): Partial<Record<LoginField, string>> {
  const v = ja.validation;
  const errors: Partial<Record<LoginField, string>> = {};
  const email = values.email.trim();
  if (email.length < 1) errors.email = v.loginEmailRequired;
  else if (email.length > EMAIL_MAX) errors.email = v.tooLong(EMAIL_MAX);
  const password = values.password;
  if (password.length < 1) errors.password = v.passwordRequired;
  else if (password.length < PASSWORD_MIN) errors.password = v.passwordMin;
  else if (password.length > PASSWORD_MAX) errors.password = v.tooLong(PASSWORD_MAX);
  return errors;
}
