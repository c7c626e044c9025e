import { ja } from "@zaiko/common/messages/ja";
import { Chip } from "primereact/chip";
import { Link } from "react-router-dom";
import type { SessionState } from "../../lib/session";

interface Props {
  session: SessionState;
  onNavigate?: () => void;
}

/** The group chip (a link to the member list for owners only) and the own-email chip. */
export function SessionChips({ session, onNavigate }: Props) {
  const groupLabel = session.groups.join(", ");
  const groupChip = <Chip className="app-chip" icon="pi pi-users" label={groupLabel} />;
  return (
    <div className="app-chips">
      {session.is_owner ? (
        <Link to="/user" className="app-chip-link" title={ja.members.title} onClick={onNavigate}>
          {groupChip}
        </Link>
      ) : (
        <span className="app-chip-text" title={ja.header.groupChip}>
          {groupChip}
        </span>
      )}
      {session.id !== null && (
        <Link to={`/useredit/${session.id}`} className="app-chip-link" title={ja.signup.editTitle} onClick={onNavigate}>
          <Chip className="app-chip" icon="pi pi-user" label={session.email} />
        </Link>
      )}
    </div>
  );
}
