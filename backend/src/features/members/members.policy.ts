import { ja } from "@zaiko/common/messages/ja";
import { httpError } from "../../lib/httpError";
import type { AuthUser } from "../../middlewares/auth";

/** A staff member sees and edits only their own row; an owner any row of the group. */
export function canSeeMember(actor: AuthUser, targetId: number): boolean {
  return actor.isOwner || actor.id === targetId;
}

/** Owners are never deactivated or deleted, by anyone. */
export function assertNotOwnerTarget(target: { isOwner: boolean }): void {
  if (target.isOwner) throw httpError(403, ja.errors.ownerProtected);
}
