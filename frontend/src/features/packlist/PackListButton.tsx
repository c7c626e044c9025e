import { ja } from "@zaiko/common/messages/ja";
import { Link } from "react-router-dom";
import { PrintIcon } from "../../components/icons/glyphs/PrintIcon";
import "./packListButton.css";

/** The path of a case's pack list. */
export const packListPath = (caseId: number) => `/workcase/${caseId}/packlist`;

/** 出荷リスト: opens the printable pack list of the case (a link, so it can open in a new tab too). */
export function PackListButton({ caseId }: { caseId: number }) {
  return (
    <Link to={packListPath(caseId)} className="p-button p-button-outlined packlist-link">
      <PrintIcon />
      <span className="p-button-label">{ja.packlist.open}</span>
    </Link>
  );
}
