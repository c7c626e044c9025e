import { ja } from "@zaiko/common/messages/ja";
import { Page } from "../../components/layout/Page";

/** /orderitems/{caseId} (案件詳細). Placeholder until the allocation issue fills it in. */
export function OrderItemsPage() {
  return (
    <Page title={ja.pages.orderItems}>
      <p className="page-placeholder">{ja.pages.comingSoon}</p>
    </Page>
  );
}
