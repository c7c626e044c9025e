import "../zodConfig";
import { z } from "zod";
import { emailField, nameField } from "../auth/auth.schema";
import { ja } from "../messages/ja";

const v = ja.validation;

/** What leaves the server for a user (API.md "User"). */
export interface UserDto {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_member: boolean;
  is_owner: boolean;
  groups: number[];
  /** Row version (docs/realtime.md): the member list keeps the newest state of a member. */
  version: number;
}

/** GET /api/user-info/ */
export interface UserInfoDto {
  id: number; // the group id
  group: string; // the group name
  user: UserDto;
  /** The server's BUSINESS_TIME_ZONE (IANA name): the zone the client shows and reads date-times in. */
  time_zone: string;
}

/** PATCH /api/user/{id}/ profile edit. Strict: is_owner, groups or password are refused, never applied. */
export const ProfilePatchSchema = z.strictObject(
  {
    email: emailField(v.emailRequired).optional(),
    first_name: nameField(v.firstNameRequired).optional(),
    last_name: nameField(v.lastNameRequired).optional(),
  },
  { error: (iss) => (iss.code === "unrecognized_keys" ? v.unknownField : undefined) },
);

/** PATCH /api/user/{id}/ active toggle (owner only). */
export const MemberTogglePatchSchema = z.strictObject(
  { is_member: z.boolean({ error: v.invalidValue }) },
  { error: (iss) => (iss.code === "unrecognized_keys" ? v.unknownField : undefined) },
);

/** The member edit form (sign-up screen in edit mode). */
export const ProfileFormSchema = z.object({
  email: emailField(v.emailRequired),
  first_name: nameField(v.firstNameRequired),
  last_name: nameField(v.lastNameRequired),
});
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
