import { skipToken } from "@reduxjs/toolkit/query";
import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { CaseSetLineDto, ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { useEffect, useMemo } from "react";
import { useSelector } from "react-redux";
import { useParams } from "react-router-dom";
import { Loading } from "../../components/layout/Loading";
import { Page } from "../../components/layout/Page";
import type { OrderItemDto, SummaryRowDto } from "../../lib/allocation";
import { watchCase } from "../../lib/caseRoom";
import { businessDay } from "../../lib/dateTime";
import { selectGroupId } from "../../lib/session";
import { CaseIcsButton } from "../calendar";
import { ActivityPanel } from "../history";
import { PackListButton } from "../packlist";
import { PresenceChips } from "../presence";
import { useGroupSetsQuery } from "../sets";
import { CaseGoneNotice } from "./CaseGoneNotice";
import { CaseSetsTable, setRowsOf } from "./CaseSetsTable";
import { CaseSummary } from "./CaseSummary";
import { orderItemsListHref } from "./caseLink";
import { bookedAlone } from "./caseSets";
import { InventoryCard } from "./InventoryCard";
import { OverdueWarning } from "./OverdueWarning";
import {
  useCaseCategoriesQuery,
  useCaseOrderItemsQuery,
  useInventorySummaryQuery,
  useWorkCaseQuery,
} from "./orderItemsApi";
import { caseIdOf, caseScreenQueries } from "./requests";
import { ShippedItemsCard } from "./ShippedItemsCard";
import { ShippedSetLines } from "./ShippedSetLines";
import { ShortageBox } from "./ShortageBox";
import { useCaseSetLinesQuery } from "./setLinesApi";
import { useAllocationClicks } from "./useAllocationClicks";
import { useCaseGone } from "./useCaseGone";
import { useFetchAlert } from "./useFetchAlert";
import { useSetClicks } from "./useSetClicks";
import "../../components/allocation.css";

const t = ja.orderitems;
const NO_ROWS: SummaryRowDto[] = [];
const NO_ORDER_ITEMS: OrderItemDto[] = [];
const NO_CATEGORIES: CategoryDto[] = [];
const NO_SETS: ItemSetDto[] = [];
const NO_LINES: CaseSetLineDto[] = [];

/** /orderitems/{caseId} (案件詳細): allocate stock to a case, live with other coordinators. */
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
  const summaryQuery = useInventorySummaryQuery(first?.inventorySummary.arg ?? skipToken);
  const orderItemsQuery = useCaseOrderItemsQuery(first?.caseOrderItems.arg ?? skipToken);
  // The categories need only the group (also while the id names no case).
  const categoriesQuery = useCaseCategoriesQuery(groupId ?? skipToken);
  const gone = useCaseGone(caseId, validId, caseQuery);
  const { adder, reducer, refusal, dismissRefusal } = useAllocationClicks(caseId, groupId);
  // セット品 (docs/sets.md): the catalogue and the case's lines; a group without sets sees the screen as before.
  const sets = useGroupSetsQuery(groupId ?? skipToken).data ?? NO_SETS;
  const lines = useCaseSetLinesQuery(first?.caseSetLines.arg ?? skipToken).data ?? NO_LINES;
  const { setAdder, setReducer, setRefusal, dismissSetRefusal } = useSetClicks(caseId, groupId, sets, lines);

  useFetchAlert(caseQuery, t.caseFetchFailed, "case");
  useFetchAlert(summaryQuery, t.inventoryFetchFailed, "inventory summary");
  useFetchAlert(orderItemsQuery, t.orderItemsFetchFailed, "order items");
  useFetchAlert(categoriesQuery, t.categoryFetchFailed, "categories");

  // Join the case room for inventory.changed (again after every reconnect); leave on unmount.
  useEffect(() => {
    if (!validId || groupId === null) return;
    return watchCase(caseId);
  }, [caseId, validId, groupId]);

  const workcase = caseQuery.data;
  const itemDayPath = useMemo(() => {
    const day = businessDay(workcase?.start_date);
    return day ? `/item/${day.replaceAll("-", "/")}` : null;
  }, [workcase?.start_date]);
  const listHref = orderItemsListHref(caseId, workcase);
  const historyTarget = useMemo(
    () => (validId && groupId !== null ? { caseId } : null),
    [caseId, validId, groupId],
  );

  if (gone) return <CaseGoneNotice title={t.title} gone={gone} />;
  // The case, its shipped items and the stock appear together, once each has answered (or failed): drawn
  // one by one, the summary and the tables pushed each other down as they arrived (layout shifts). Until
  // then they are laid out but not shown (styles.css, .contents-pending).
  const settled = [caseQuery, summaryQuery, orderItemsQuery].every((q) => !q.isLoading);
  const canAdd = workcase?.status !== "cancelled";
  const summaryRows = summaryQuery.data ?? NO_ROWS;
  const setRows = setRowsOf(sets, lines, summaryRows);
  const shippableOf = (setId: number) => setRows.find((r) => r.id === setId)?.shippable ?? 0;
  const shownRefusal = setRefusal ?? refusal;
  const dismiss = setRefusal ? dismissSetRefusal : dismissRefusal;
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
        {validId ? <OverdueWarning caseId={caseId} /> : null}
        <div className="case-cards">
          <ShippedItemsCard
            orderItems={bookedAlone(orderItemsQuery.data ?? NO_ORDER_ITEMS, lines)}
            loading={orderItemsQuery.isLoading}
            listHref={listHref}
            busy={reducer.busy}
            pending={reducer.pending}
            onReduce={reducer.trigger}
            setLines={
              <ShippedSetLines
                lines={lines}
                addClicks={setAdder}
                reduceClicks={setReducer}
                onAdd={setAdder.trigger}
                onReduce={setReducer.trigger}
                canAdd={canAdd}
                shippableOf={shippableOf}
              />
            }
          />
          <InventoryCard
            rows={summaryRows}
            categories={categoriesQuery.data ?? NO_CATEGORIES}
            loading={summaryQuery.isLoading}
            itemDayPath={itemDayPath}
            busy={adder.busy}
            pending={adder.pending}
            onAdd={adder.trigger}
            canAdd={canAdd}
            caseId={caseId}
            message={
              shownRefusal ? (
                <ShortageBox
                  refusal={shownRefusal}
                  caseId={caseId}
                  caseTitle={workcase?.title ?? null}
                  onClose={dismiss}
                  // A refused '+' of items is retried once hired units cover it (a set's refusal is not).
                  onRetry={
                    shownRefusal === refusal
                      ? (itemId, times) => {
                          dismiss();
                          for (let i = 0; i < Math.max(1, times); i++) adder.trigger(itemId);
                        }
                      : undefined
                  }
                />
              ) : null
            }
            sets={
              setRows.length > 0 ? (
                <CaseSetsTable rows={setRows} clicks={setAdder} onAdd={setAdder.trigger} canAdd={canAdd} />
              ) : null
            }
          />
        </div>
        <ActivityPanel target={historyTarget} />
      </div>
    </Page>
  );
}
