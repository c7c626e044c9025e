import "../zodConfig";
import { z } from "zod";
import { CreateGroupSchema } from "../groups/groups.schema";
import { ja } from "../messages/ja";
import { emailField, nameField, passwordField } from "./auth.schema";

const v = ja.validation;

/** Fields every sign-up form has, whatever the role (spec §5). */
const baseSignupForm = {
  email: emailField(v.emailRequired),
  password: passwordField,
  first_name: nameField(v.firstNameRequired),
  last_name: nameField(v.lastNameRequired),
};

/** Owner sign-up form: the new group's name is asked for on the same screen. */
export const SignupOwnerFormSchema = z.object({
  ...baseSignupForm,
  group_name: CreateGroupSchema.shape.name,
});

/** Staff sign-up form: an existing group is picked from the list. */
export const SignupStaffFormSchema = z.object({
  ...baseSignupForm,
  group: z.number({ error: v.groupRequired }).int().positive(v.groupRequired),
});
