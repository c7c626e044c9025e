import { ja } from "@zaiko/common/messages/ja";
import { SearchIcon } from "primereact/icons/search";
import { TrashIcon } from "primereact/icons/trash";
import { BackToCasesNotice } from "../../components/layout/BackToCasesNotice";
import { Page } from "../../components/layout/Page";
import type { CaseGone } from "./useCaseGone";

/** The whole case screen when its case is gone: one clear state instead of failing fetches. */
export function CaseGoneNotice({ title, gone }: { title: string; gone: Exclude<CaseGone, null> }) {
  const t = ja.feedback;
  return (
    <Page title={title}>
      {gone === "deleted" ? (
        <BackToCasesNotice title={t.caseDeletedTitle} body={t.caseDeletedBody} icon={TrashIcon} />
      ) : (
        <BackToCasesNotice title={t.caseNotFoundTitle} body={t.caseNotFoundBody} icon={SearchIcon} />
      )}
    </Page>
  );
}
