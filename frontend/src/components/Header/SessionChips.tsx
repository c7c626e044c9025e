import type { ComponentType } from "react";
import { Link } from "react-router-dom";
import "../plain/plain.css";
import type { SessionState } from "../../lib/session";
import { type IconProps, UserIcon, UsersIcon } from "../icons/InlineIcons";

/**
 * PrimeReact's Chip markup without its JavaScript (the header is on the first screen; PlainButton says
 * why).
 */
function Chip({
  icon: Icon,
  label,
  className,
}: {
  icon: ComponentType<IconProps>;
  label: string;
  className: string;
}) {
  return (
    <div className={`p-chip p-component ${className}`}>
      <Icon className="p-chip-icon" />
      <div className="p-chip-text">{label}</div>
    </div>
  );
}

interface Props {
  session: SessionState;
  onNavigate?: () => void;
}

/**
 * The group chip (a link to the member list for owners only) and the own-email chip. Long names
 * are cut with an ellipsis; the title shows them whole.
 */
export function SessionChips({ session, onNavigate }: Props) {
  const groupLabel = session.groups.join(", ");
  const groupChip = <Chip className="app-chip" icon={UsersIcon} label={groupLabel} />;
  return (
    <div className="app-chips">
      {session.is_owner ? (
        <Link to="/user" className="app-chip-link" title={groupLabel} onClick={onNavigate}>
          {groupChip}
        </Link>
      ) : (
        <span className="app-chip-text" title={groupLabel}>
          {groupChip}
        </span>
      )}
      {session.id !== null && (
        <Link
          to={`/useredit/${session.id}`}
          className="app-chip-link"
          title={session.email}
          onClick={onNavigate}
        >
          <Chip className="app-chip" icon={UserIcon} label={session.email} />
        </Link>
      )}
    </div>
  );
}
