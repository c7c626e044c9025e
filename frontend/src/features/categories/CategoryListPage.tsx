import { ja } from "@zaiko/common/messages/ja";
import { Page } from "../../components/layout/Page";

/** /category. Placeholder until the category issue fills it in. */
export function CategoryListPage() {
  return (
    <Page title={ja.pages.category}>
      <p className="page-placeholder">{ja.pages.comingSoon}</p>
    </Page>
  );
}
