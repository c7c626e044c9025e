import { ja } from "@zaiko/common/messages/ja";
import { Page } from "../../components/layout/Page";

/** /item/{year}/{month}/{day}. Placeholder until the item issue fills it in. */
export function ItemListPage() {
  return (
    <Page title={ja.pages.item}>
      <p className="page-placeholder">{ja.pages.comingSoon}</p>
    </Page>
  );
}
