import { ja } from "@zaiko/common/messages/ja";
import { Link } from "react-router-dom";
import { LockIcon } from "../../components/icons/glyphs/LockIcon";

/** Shown to staff who open an owner-only screen. */
export function ForbiddenPage() {
  return (
    <div className="message-page">
      <LockIcon className="message-page-icon" />
      <h1>{ja.forbidden.title}</h1>
      <p>{ja.forbidden.body}</p>
      <Link to="/workcase" className="p-button p-button-outlined">
        {ja.forbidden.back}
      </Link>
    </div>
  );
}
