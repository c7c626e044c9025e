import { type SQL, sql } from "drizzle-orm";

/**
 * The members a case concerns (docs/notifications.md, "Whose case"), as a lateral subquery of `user_id`s:
 * who created it (the actor of its `case.create` or `case.duplicate` entry in 履歴), who holds its 仮押さえ
 * now (`work_cases.held_by`, kept after a release or a lapse), and, for a status change read from 履歴, who
 * had put it on hold before that entry (a confirm clears `held_by`). Members who left the group or were
 * deactivated are dropped by the caller's join on `users`.
 */
export function casePeople(caseId: SQL, groupId: SQL, beforeHistoryId?: SQL): SQL {
  const holdSetter = beforeHistoryId
    ? sql`UNION
      SELECT (SELECT hs.actor_id FROM history hs
              WHERE hs.case_id = ${caseId} AND hs.action = 'case.status'
                AND hs.after->>'status' = 'tentative' AND hs.id < ${beforeHistoryId}
              ORDER BY hs.id DESC LIMIT 1)`
    : sql``;
  return sql`LATERAL (
      SELECT (SELECT hc.actor_id FROM history hc
              WHERE hc.case_id = ${caseId} AND hc.action IN ('case.create', 'case.duplicate')
              ORDER BY hc.id LIMIT 1) AS user_id
      UNION
      SELECT w2.held_by FROM work_cases w2 WHERE w2.id = ${caseId} AND w2.group_id = ${groupId}
      ${holdSetter}
    ) people`;
}

/** Keeps the people who are active members of the group. */
export const activeMember = (groupId: SQL) =>
  sql`JOIN users u ON u.id = people.user_id AND u.group_id = ${groupId} AND u.is_member`;
