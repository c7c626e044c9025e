import "../zodConfig";
import { z } from "zod";
import { idField } from "../input";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../limits";
import { ja } from "../messages/ja";

const v = ja.validation;

/** Emails are compared case-insensitively and stored trimmed in lower case. */
export const emailField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX, v.tooLong(EMAIL_MAX))
    .pipe(z.email({ error: v.emailInvalid }))
    .transform((s) => s.toLowerCase());

export const passwordField = z
  .string({ error: v.passwordRequired })
  .min(1, v.passwordRequired)
  .min(PASSWORD_MIN, v.passwordMin)
  .max(PASSWORD_MAX, v.tooLong(PASSWORD_MAX));

export const nameField = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(NAME_MAX, v.tooLong(NAME_MAX));

/** POST /api/token/ body. The password length is not checked here: a wrong password is just wrong. */
export const LoginSchema = z.object({
  email: z
    .string({ error: v.loginEmailRequired })
    .trim()
    .min(1, v.loginEmailRequired)
    .max(EMAIL_MAX, v.tooLong(EMAIL_MAX))
    .transform((s) => s.toLowerCase()),
  password: z.string({ error: v.passwordRequired }).min(1, v.passwordRequired).max(1024),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** The login form adds the spec's 8-character rule to what the server needs. */
export const LoginFormSchema = LoginSchema.extend({ password: passwordField });

/**
 * POST /api/signup/ body. `groups` may be a number or a list of one (the spec's client sends either).
 * `is_owner` / `is_member` are read only to tell an owner claim from a staff sign-up; the server decides.
 */
export const SignupSchema = z.object({
  email: emailField(v.emailRequired),
  password: passwordField,
  first_name: nameField(v.firstNameRequired),
  last_name: nameField(v.lastNameRequired),
  // No coercion: `true` or `1.5` is no group (z.coerce.number() once read `true` as group 1).
  groups: z.union([idField(v.groupRequired), z.array(idField(v.groupRequired)).length(1, v.groupRequired)], {
    error: v.groupRequired,
  }),
  // Every refusal in Japanese: zod's own texts ("Invalid input: expected boolean…") are English.
  is_owner: z.boolean({ error: v.invalidValue }).optional().default(false),
  is_member: z.boolean({ error: v.invalidValue }).optional(),
});
export type SignupInput = z.input<typeof SignupSchema>;

export interface TokenResponse {
  access: string;
}
