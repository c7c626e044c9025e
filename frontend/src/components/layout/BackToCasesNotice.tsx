import { ja } from "@zaiko/common/messages/ja";
import { Link } from "react-router-dom";

interface Props {
  title: string;
  body: string;
  /** A PrimeIcons class, e.g. "pi-search". */
  icon?: string;
}

/**
 * A screen whose subject is not there (a case that does not exist or was deleted, a profile the user
 * may not open): what happened, announced at once (role alert), and the way back to 案件一覧.
 */
export function BackToCasesNotice({ title, body, icon = "pi-exclamation-circle" }: Props) {
  return (
    <div className="message-page" role="alert">
      <i className={`pi ${icon} message-page-icon`} aria-hidden="true" />
      <h2>{title}</h2>
      <p>{body}</p>
      <Link to="/workcase" className="p-button p-button-outlined">
        {ja.feedback.backToCases}
      </Link>
    </div>
  );
}
