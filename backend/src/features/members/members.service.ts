import type { UserDto, UserInfoDto } from "@zaiko/common/members/members.schema";
import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import { allows, authorize } from "../../lib/authorize";
import { recordHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import { isUniqueViolation } from "../../lib/pgErrors";
import type { ReadDeps, WriteDeps, ZoneDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import type { Realtime } from "../../realtime/realtime";
import { revokeAllOfUser } from "../auth";
import { presentUser } from "./members.presenter";
import { deleteUser, findGroupName, findUserInGroup, listUsersOfGroup, updateUser } from "./members.queries";

/** A member's write: it also tells every process of the change and disconnects a removed member's sockets. */
type MemberWriteDeps = WriteDeps & { realtime: Pick<Realtime, "memberChanged" | "disconnectUser"> };

/** Member details go to the group's owners and to the member themself, never to other staff. */
export function announceMember(events: EventBuffer, user: UserDto, groupId: number): void {
  events.add(groupId, rooms.owners(groupId), "members.upserted", { user });
  events.add(groupId, rooms.user(user.id), "members.upserted", { user });
}

export async function getUserInfo(deps: ReadDeps & ZoneDeps, actor: AuthUser): Promise<UserInfoDto> {
  const db = deps.database.db;
  const [row, group] = await Promise.all([
    findUserInGroup(db, actor.groupId, actor.id),
    findGroupName(db, actor.groupId),
  ]);
  if (!row || group === undefined) throw httpError(401, ja.errors.unauthenticated);
  return { id: actor.groupId, group, user: presentUser(row), time_zone: deps.config.timeZone };
}

/** Owners get every member of their group; staff get only their own row. */
export async function listMembers(deps: ReadDeps, actor: AuthUser): Promise<UserDto[]> {
  const rows = await listUsersOfGroup(deps.database.db, actor.groupId);
  return rows.filter((row) => allows(actor, "member.see", row)).map(presentUser);
}

export async function getMember(deps: ReadDeps, actor: AuthUser, id: number): Promise<UserDto> {
  authorize(actor, "member.see", { id });
  const row = await findUserInGroup(deps.database.db, actor.groupId, id);
  if (!row) throw httpError(404, ja.errors.notFound);
  return presentUser(row);
}

/** Edits email and names: one's own, or (owner) any member's of the group. */
export async function editProfile(
  deps: MemberWriteDeps,
  actor: AuthUser,
  id: number,
  changes: { email?: string; first_name?: string; last_name?: string },
): Promise<UserDto> {
  authorize(actor, "member.see", { id });
  const set = { email: changes.email, firstName: changes.first_name, lastName: changes.last_name };
  if (Object.values(set).every((value) => value === undefined)) {
    // Nothing to change (an empty PATCH): answer with the row as it is; an UPDATE without columns would fail.
    const row = await findUserInGroup(deps.database.db, actor.groupId, id);
    if (!row) throw httpError(404, ja.errors.notFound);
    return presentUser(row);
  }
  try {
    return await inTransaction(deps, async (tx, events) => {
      const row = await updateUser(tx, actor.groupId, id, set);
      if (!row) throw httpError(404, ja.errors.notFound);
      const user = presentUser(row);
      announceMember(events, user, actor.groupId);
      events.afterCommit.push(() => deps.realtime.memberChanged(id));
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(400, { email: [ja.validation.emailTaken] });
    throw err;
  }
}

/** 姓 名, as the member list and the history show people. */
const nameOf = (u: { lastName: string; firstName: string }) => `${u.lastName} ${u.firstName}`.trim();

/** Owner only: activates or deactivates a staff member. Deactivation ends their sessions at once. */
export async function setMembership(
  deps: MemberWriteDeps,
  actor: AuthUser,
  id: number,
  isMember: boolean,
): Promise<UserDto> {
  authorize(actor, "members.manage");
  return inTransaction(deps, async (tx, events) => {
    const target = await findUserInGroup(tx, actor.groupId, id);
    if (!target) throw httpError(404, ja.errors.notFound);
    authorize(actor, "member.remove", target);
    const row = await updateUser(tx, actor.groupId, id, { isMember });
    if (target.isMember !== isMember) {
      await recordHistory(tx, events, actor, [
        {
          action: isMember ? "member.activate" : "member.deactivate",
          memberId: id,
          memberName: nameOf(target),
          before: { is_member: target.isMember },
          after: { is_member: isMember },
        },
      ]);
    }
    events.afterCommit.push(() => deps.realtime.memberChanged(id));
    if (!isMember) {
      await revokeAllOfUser(tx, id);
      events.afterCommit.push(() => deps.realtime.disconnectUser(id));
    }
    const user = presentUser(row!);
    announceMember(events, user, actor.groupId);
    return user;
  });
}

/** Owner only: deletes a staff member, their sessions and sockets. */
export async function removeMember(deps: MemberWriteDeps, actor: AuthUser, id: number): Promise<void> {
  authorize(actor, "members.manage");
  await inTransaction(deps, async (tx, events) => {
    const target = await findUserInGroup(tx, actor.groupId, id);
    if (!target) throw httpError(404, ja.errors.notFound);
    authorize(actor, "member.remove", target);
    await deleteUser(tx, actor.groupId, id);
    await recordHistory(tx, events, actor, [
      {
        action: "member.delete",
        memberId: id,
        memberName: nameOf(target),
        before: { email: target.email, is_member: target.isMember, is_owner: target.isOwner },
      },
    ]);
    events.add(actor.groupId, rooms.owners(actor.groupId), "members.deleted", { id });
    events.afterCommit.push(() => deps.realtime.memberChanged(id));
    events.afterCommit.push(() => deps.realtime.disconnectUser(id));
  });
}

/** Rows of the member CSV (owner only; checked by the route). */
export async function memberCsvRows(deps: ReadDeps, actor: AuthUser): Promise<unknown[][]> {
  const rows = await listUsersOfGroup(deps.database.db, actor.groupId);
  // Words, not true/false: the file is read by people in a spreadsheet (docs/decisions.md).
  const f = ja.feedback;
  return rows.map((r) => [
    r.id,
    r.email,
    r.firstName,
    r.lastName,
    r.isMember ? f.csvActive : f.csvInactive,
    r.isOwner ? f.csvOwnerYes : f.csvOwnerNo,
  ]);
}
