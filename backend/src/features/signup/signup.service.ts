import type { SignupSchema } from "@zaiko/common/auth/auth.schema";
import type { UserDto } from "@zaiko/common/members/members.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { z } from "zod";
import { HttpError } from "../../lib/httpError";
import { isUniqueViolation } from "../../lib/pgErrors";
import type { WriteDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import { hashPassword, type PasswordDeps } from "../auth";
import { groupHasOwner, lockGroup, OWNER_CLAIM_MINUTES } from "../groups";
import { announceMember, insertUser, presentUser } from "../members";

type SignupData = z.output<typeof SignupSchema>;

const refuse = (field: string, message: string) => new HttpError(400, { [field]: [message] });

/**
 * Registers a user. An owner claim is accepted only for a group created in the last 30 minutes that has
 * no owner yet; anybody else becomes inactive staff whatever `is_owner` / `is_member` they sent.
 */
export async function signUp(deps: WriteDeps & PasswordDeps, data: SignupData): Promise<UserDto> {
  const groupId = Array.isArray(data.groups) ? data.groups[0]! : data.groups;
  const passwordHash = await hashPassword(deps, data.password);
  try {
    return await inTransaction(deps, async (tx, events) => {
      const group = await lockGroup(tx, groupId);
      if (!group) throw refuse("groups", ja.validation.groupNotFound);
      const ownerExists = await groupHasOwner(tx, groupId);
      if (data.is_owner) {
        const fresh = Date.now() - group.createdAt.getTime() < OWNER_CLAIM_MINUTES * 60_000;
        if (ownerExists || !fresh) throw refuse("is_owner", ja.validation.ownerClaimRefused);
      } else if (!ownerExists) {
        // Staff may only join a group that somebody owns (the sign-up list shows only those).
        throw refuse("groups", ja.validation.groupNotFound);
      }
      const row = await insertUser(tx, {
        groupId,
        email: data.email,
        passwordHash,
        firstName: data.first_name,
        lastName: data.last_name,
        isOwner: data.is_owner,
        isMember: data.is_owner,
      });
      const user = presentUser(row);
      announceMember(events, user, groupId);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse("email", ja.validation.emailTaken);
    throw err;
  }
}
