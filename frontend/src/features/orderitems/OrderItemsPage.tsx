import { skipToken } from "@reduxjs/toolkit/query";
import { ja } from "@zaiko/common/messages/ja";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { useSelector } from "react-redux";
import { useParams } from "react-router-dom";
import { Loading } from "../../components/layout/Loading";
import { Page } from "../../components/layout/Page";
import { watchCase } from "../../lib/caseRoom";
import { selectGroupId } from "../../lib/session";
import { useShownOnce } from "../../lib/useShownOnce";
import { CaseIcsButton } from "../calendar";
import { PackListButton } from "../packlist";
import { PresenceChips } from "../presence";
import { CaseGoneNotice } from "./CaseGoneNotice";
import { CaseSummary } from "./CaseSummary";
import { useWorkCaseQuery } from "./orderItemsApi";
import { useOverdueWarningsQuery } from "./overdueApi";
import { caseIdOf, caseScreenQueries } from "./requests";
import { useCaseGone } from "./useCaseGone";
import { useFetchAlert } from "./useFetchAlert";

const t = ja.orderitems;

/** The tables and the activity under the head, a chunk of their own (CaseWorkArea.tsx). */
const CaseWorkArea = lazy(async () => ({ default: (await import("./CaseWorkArea")).CaseWorkArea }));

/**
 * /orderitems/{caseId} (案件詳細): allocate stock to a case, live with other coordinators. The head (the case's
 * name, status, period and note, who else is here) is drawn as soon as the case has answered; the work under
 * it (CaseWorkArea) is asked for once the head has been painted, and shown when its code and answers are here.
 */
export function OrderItemsPage() {
  const routeCaseId = useParams().caseId;
  const caseId = Number(routeCaseId);
  const groupId = useSelector(selectGroupId);
  const validId = caseIdOf(routeCaseId) !== null;
  // The arguments of the screen's first queries, as a page load sends them early (requests.ts).
  const first = useMemo(
    () => (validId && groupId !== null ? caseScreenQueries(caseId, groupId) : null),
    [validId, caseId, groupId],
  );
  const caseQuery = useWorkCaseQuery(first?.workCase.arg ?? skipToken);
  const gone = useCaseGone(caseId, validId, caseQuery);
  useFetchAlert(caseQuery, t.caseFetchFailed, "case");

  // Join the case room for inventory.changed (again after every reconnect); leave on unmount.
  useEffect(() => {
    if (!validId || groupId === null) return;
    return watchCase(caseId);
  }, [caseId, validId, groupId]);

  // The head appears once the case has answered (or failed); until then it is laid out but not shown.
  const settled = !caseQuery.isLoading;
  // The work's code, and the overdue warnings it shows first, are asked for once the head has been painted:
  // on a phone's slow link they then do not share it with the head's files, and the head paints sooner.
  // Its other answers left with the page (requests.ts) and are here by then.
  const workWanted = useShownOnce(settled);
  // Read afresh on every visit (items other cases have not brought back leave this case short: 延滞).
  const overdueQuery = useOverdueWarningsQuery(workWanted && first ? caseId : skipToken, {
    refetchOnMountOrArgChange: true,
  });

  if (gone) return <CaseGoneNotice title={t.title} gone={gone} />;
  const workcase = caseQuery.data;
  return (
    <Page
      title={workcase ? `${t.title}：${workcase.title}` : t.title}
      actions={
        <>
          <PackListButton caseId={caseId} />
          {workcase ? <CaseIcsButton caseId={caseId} title={workcase.title} /> : null}
        </>
      }
    >
      {settled ? null : <Loading label={ja.common.loading} />}
      <div className={settled ? "contents" : "contents contents-pending"}>
        <PresenceChips caseId={caseId} />
        {workcase ? <CaseSummary workcase={workcase} groupId={groupId} /> : null}
        {workWanted ? (
          <Suspense fallback={<Loading label={ja.common.loading} />}>
            <CaseWorkArea
              caseId={caseId}
              groupId={groupId}
              first={first}
              workcase={workcase}
              overdue={overdueQuery}
            />
          </Suspense>
        ) : (
          <Loading label={ja.common.loading} />
        )}
      </div>
    </Page>
  );
}
