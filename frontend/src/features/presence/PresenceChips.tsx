import { skipToken } from "@reduxjs/toolkit/query";
import { ja } from "@zaiko/common/messages/ja";
import type { PresencePlace } from "@zaiko/common/realtime/presencePlace";
import { EyeIcon } from "primereact/icons/eye";
import { useMemo } from "react";
import { useSelector } from "react-redux";
import { selectSession } from "../../lib/session";
import { usePresenceQuery } from "./presenceApi";
import "./presence.css";

const t = ja.presence;

type Props = { caseId: number; warehouse?: never } | { warehouse: true; caseId?: never };

/**
 * Name chips of the other members who have this case (or the warehouse board) open right now, live. The
 * signed-in member is left out: they know they are here, and their other tabs count as them.
 */
export function PresenceChips(props: Props) {
  const me = useSelector(selectSession).id;
  const caseId = props.caseId;
  const place = useMemo<PresencePlace | null>(() => {
    if (props.warehouse) return { kind: "warehouse" };
    return caseId !== undefined && Number.isInteger(caseId) && caseId > 0
      ? { kind: "case", id: caseId }
      : null;
  }, [props.warehouse, caseId]);
  const { data } = usePresenceQuery(place ?? skipToken);
  const others = (data ?? []).filter((member) => member.id !== me);
  if (others.length === 0) return null;
  return (
    <section className="presence" aria-label={t.region}>
      <span className="presence-label">
        <EyeIcon className="app-icon" aria-hidden="true" />
        {t.label}
      </span>
      <ul className="presence-chips">
        {others.map((member) => (
          <li key={member.id} className="presence-chip">
            <span className="presence-initial" aria-hidden="true">
              {member.name.slice(0, 1)}
            </span>
            <span>{member.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
