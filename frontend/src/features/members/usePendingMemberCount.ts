import { skipToken } from "@reduxjs/toolkit/query";
import { useMemo } from "react";
import { useSelector } from "react-redux";
import { selectSession } from "../../lib/session";
import { useListMembersQuery } from "./membersApi";

/**
 * For an owner: how many members of the group wait for activation (staff who signed up, not yet
 * active). Live, from the same cached list as the member screen (members.upserted / deleted).
 * Always 0 for staff, who may not list members.
 */
export function usePendingMemberCount(): number {
  const { is_owner, groupId } = useSelector(selectSession);
  const members = useListMembersQuery(is_owner && groupId !== null ? groupId : skipToken).data;
  return useMemo(() => (members ?? []).filter((u) => !u.is_member && !u.is_owner).length, [members]);
}
