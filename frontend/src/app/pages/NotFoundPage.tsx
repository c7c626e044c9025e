import { ja } from "@zaiko/common/messages/ja";
import { Link } from "react-router-dom";
import { CompassIcon } from "../../components/icons/glyphs/CompassIcon";

/** Any path the route table does not know. */
export function NotFoundPage() {
  return (
    <div className="message-page">
      <CompassIcon className="message-page-icon" />
      <h1>{ja.notFound.title}</h1>
      <p>{ja.notFound.body}</p>
      <Link to="/workcase" className="p-button p-button-outlined">
        {ja.notFound.back}
      </Link>
    </div>
  );
}
