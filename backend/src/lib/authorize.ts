import { ja } from "@zaiko/common/messages/ja";
import type { AuthUser } from "./authUser";
import { HttpError } from "./httpError";

/**
 * Every rule of who may do what beyond "a member of the group" (DOMAIN.md "People and groups",
 * docs/lifecycle.md for holds), in one table, each with the answer a refused member gets. Routes and
 * services ask `authorize(member, action, resource)`; nothing else reads `isOwner` to decide.
 */
interface Rule<R> {
  allows: (member: AuthUser, resource: R) => boolean;
  /** The refusal: 403 with the reason, or 404 where a row the member may not see must look missing. */
  refusal: () => HttpError;
}

const forbidden = () => new HttpError(403, { detail: ja.errors.forbidden });
const ownerOnly: Rule<void> = { allows: (m) => m.isOwner, refusal: forbidden };

const rules = {
  /** Activate, deactivate or delete a member and hear of the member list's changes; the two CSVs. */
  "members.manage": ownerOnly,
  "members.export": ownerOnly,
  "history.export": ownerOnly,
  /** The group's webhooks: list, add, change, remove, test, their delivery logs (docs/notifications.md). */
  "webhooks.manage": ownerOnly,
  /** 取引先: every member manages them; only an owner deletes one (docs/subrental.md). */
  "suppliers.delete": ownerOnly,
  /** A staff member sees and edits only their own row; an owner any row of the group. */
  "member.see": {
    allows: (m, target: { id: number }) => m.isOwner || m.id === target.id,
    refusal: () => new HttpError(404, { detail: ja.errors.notFound }),
  } satisfies Rule<{ id: number }>,
  /** Owners are never deactivated or deleted, by anyone. */
  "member.remove": {
    allows: (_m, target: { isOwner: boolean }) => !target.isOwner,
    refusal: () => new HttpError(403, { detail: ja.errors.ownerProtected }),
  } satisfies Rule<{ isOwner: boolean }>,
  /** A tentative case is changed only by whoever holds it, or by an owner. */
  "hold.change": {
    allows: (m, kase: { status: string; heldBy: number | null }) =>
      kase.status !== "tentative" || m.isOwner || kase.heldBy === m.id,
    refusal: () => new HttpError(403, { detail: ja.lifecycle.notHolder }),
  } satisfies Rule<{ status: string; heldBy: number | null }>,
};

export type Action = keyof typeof rules;
type ResourceOf<A extends Action> = Parameters<(typeof rules)[A]["allows"]>[1];
/** Actions that need no resource: the member alone decides. */
export type MemberAction = { [A in Action]: ResourceOf<A> extends void ? A : never }[Action];

/** Whether the member may do it (for filtering lists). */
export function allows<A extends Action>(
  member: AuthUser,
  action: A,
  ...resource: ResourceOf<A> extends void ? [] : [ResourceOf<A>]
): boolean {
  const rule = rules[action] as Rule<unknown>;
  return rule.allows(member, resource[0]);
}

/** Throws the action's refusal unless the member may do it. */
export function authorize<A extends Action>(
  member: AuthUser,
  action: A,
  ...resource: ResourceOf<A> extends void ? [] : [ResourceOf<A>]
): void {
  const rule = rules[action] as Rule<unknown>;
  if (!rule.allows(member, resource[0])) throw rule.refusal();
}
