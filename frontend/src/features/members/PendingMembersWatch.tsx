import { useEffect } from "react";
import { usePendingMemberCount } from "./usePendingMemberCount";

/**
 * Tells the layout how many members wait for activation (for the header's badge). A component of its own
 * so that the layout can load it lazily: the member list's live cache brings the socket with it, which
 * the login form must not download (docs/frontend.md, "First screen").
 */
export function PendingMembersWatch({ onCount }: { onCount: (count: number) => void }) {
  const count = usePendingMemberCount();
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
