import { ja } from "@zaiko/common/messages/ja";
import { Page } from "../../components/layout/Page";

/** /workcase (案件一覧). Placeholder until the work case issue fills it in. */
export function WorkCaseListPage() {
  return (
    <Page title={ja.pages.workcase}>
      <p className="page-placeholder">{ja.pages.comingSoon}</p>
    </Page>
  );
}
