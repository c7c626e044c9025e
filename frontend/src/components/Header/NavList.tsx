import { NavLink } from "react-router-dom";
import { SignOutIcon } from "../icons/InlineIcons";
import type { NavEntry } from "./navEntries";

interface Props {
  entries: NavEntry[];
  onLogout: () => void;
  /** Called after any entry is chosen (closes the phone menu). */
  onChoose?: () => void;
  className: string;
}

/** The navigation entries, as a row on desktop or a column in the phone menu. */
export function NavList({ entries, onLogout, onChoose, className }: Props) {
  return (
    <ul className={className}>
      {entries.map((entry) => (
        <li key={entry.kind === "link" ? entry.to : "logout"}>
          {entry.kind === "link" ? (
            <NavLink
              to={entry.to}
              className={({ isActive }) => (isActive ? "app-nav-item is-active" : "app-nav-item")}
              onClick={onChoose}
              aria-label={entry.ariaLabel}
            >
              {entry.label}
              {entry.badge ? (
                <span className="app-nav-badge" aria-hidden="true">
                  {entry.badge}
                </span>
              ) : null}
            </NavLink>
          ) : (
            <button
              type="button"
              className="app-nav-item"
              onClick={() => {
                onChoose?.();
                onLogout();
              }}
            >
              <SignOutIcon /> {entry.label}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
