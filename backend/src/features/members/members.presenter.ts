import type { UserDto } from "@zaiko/common/members/members.schema";
import type { users } from "../../db/schema";

type UserRow = Pick<
  typeof users.$inferSelect,
  "id" | "email" | "firstName" | "lastName" | "isMember" | "isOwner" | "groupId" | "version"
>;

/** The only shape of a user that leaves the server (never the password hash). */
export function presentUser(row: UserRow): UserDto {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    is_member: row.isMember,
    is_owner: row.isOwner,
    groups: [row.groupId],
    version: row.version,
  };
}
