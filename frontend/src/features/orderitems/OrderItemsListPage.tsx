import { ja } from "@zaiko/common/messages/ja";
import { Page } from "../../components/layout/Page";

/** /orderitemslist/{caseId} (出荷アイテム). Placeholder until the issue/receive issue fills it in. */
export function OrderItemsListPage() {
  return (
    <Page title={ja.pages.orderItemsList}>
      <p className="page-placeholder">{ja.pages.comingSoon}</p>
    </Page>
  );
}
