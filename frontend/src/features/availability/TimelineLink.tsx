import { ja } from "@zaiko/common/messages/ja";
import { Link } from "react-router-dom";
import { ChartBarIcon } from "../../components/icons/glyphs/ChartBarIcon";
import { type TimelineKind, timelinePath } from "./paths";

interface Props {
  kind: TimelineKind;
  id: number;
  /** First day ("YYYY-MM-DD"); today when absent. */
  from?: string | null;
  label?: string;
}

/** A button-looking link to a timeline (a link, so it opens in a new tab too). */
export function TimelineLink({ kind, id, from, label }: Props) {
  return (
    <Link to={timelinePath(kind, id, from)} className="p-button p-button-outlined p-button-sm timeline-link">
      <ChartBarIcon />
      <span className="p-button-label">
        {label ?? (kind === "item" ? ja.availability.itemTimeline : ja.availability.categoryTimeline)}
      </span>
    </Link>
  );
}
