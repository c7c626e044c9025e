import { skipToken } from "@reduxjs/toolkit/query";
import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { OverdueWarningDto } from "@zaiko/common/orderitems/outages.schema";
import type { CaseSetLineDto, ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { useMemo } from "react";
import { Loading } from "../../components/layout/Loading";
import { OverdueWarningList } from "../../components/OverdueWarningList";
import type { OrderItemDto, SummaryRowDto, WorkCaseDto } from "../../lib/allocation";
import { businessDay } from "../../lib/dateTime";
import { ActivityPanel } from "../history";
import { useGroupSetsQuery } from "../sets";
import { CaseSetsTable, setRowsOf } from "./CaseSetsTable";
import { orderItemsListHref } from "./caseLink";
import { bookedAlone } from "./caseSets";
import { InventoryCard } from "./InventoryCard";
import { useCaseCategoriesQuery, useCaseOrderItemsQuery, useInventorySummaryQuery } from "./orderItemsApi";
import type { caseScreenQueries } from "./requests";
import { ShippedItemsCard } from "./ShippedItemsCard";
import { ShippedSetLines } from "./ShippedSetLines";
import { ShortageBox } from "./ShortageBox";
import { useCaseSetLinesQuery } from "./setLinesApi";
import { useAllocationClicks } from "./useAllocationClicks";
import { useFetchAlert } from "./useFetchAlert";
import { useSetClicks } from "./useSetClicks";
import "../../components/allocation.css";

const t = ja.orderitems;
const NO_ROWS: SummaryRowDto[] = [];
const NO_ORDER_ITEMS: OrderItemDto[] = [];
const NO_CATEGORIES: CategoryDto[] = [];
const NO_SETS: ItemSetDto[] = [];
const NO_LINES: CaseSetLineDto[] = [];

export interface CaseWorkAreaProps {
  caseId: number;
  groupId: number | null;
  /** The arguments of the screen's first queries (requests.ts), null while the id names no case. */
  first: ReturnType<typeof caseScreenQueries> | null;
  /** The case, once it has answered. */
  workcase: WorkCaseDto | undefined;
  /** Items other cases have not brought back that leave this case short (the page asks: OrderItemsPage). */
  overdue: { data?: OverdueWarningDto[]; isLoading: boolean };
}

/**
 * 案件詳細's work under the case's head (OrderItemsPage): the overdue warning, 出荷アイテム and 在庫 with their
 * + and − (sets included), and the activity panel. A chunk of its own, loaded once the head has been painted:
 * the head (the case's name, status and period) paints with the case's answer and the smaller chunks, and the
 * tables follow (docs/frontend.md, "The case screen in two parts").
 */
export function CaseWorkArea({ caseId, groupId, first, workcase, overdue }: CaseWorkAreaProps) {
  const summaryQuery = useInventorySummaryQuery(first?.inventorySummary.arg ?? skipToken);
  const orderItemsQuery = useCaseOrderItemsQuery(first?.caseOrderItems.arg ?? skipToken);
  // The categories need only the group (also while the id names no case).
  const categoriesQuery = useCaseCategoriesQuery(groupId ?? skipToken);
  const { adder, reducer, refusal, dismissRefusal } = useAllocationClicks(caseId, groupId);
  // セット品 (docs/sets.md): the catalogue and the case's lines; a group without sets sees the screen as before.
  const sets = useGroupSetsQuery(groupId ?? skipToken).data ?? NO_SETS;
  const lines = useCaseSetLinesQuery(first?.caseSetLines.arg ?? skipToken).data ?? NO_LINES;
  const { setAdder, setReducer, setRefusal, dismissSetRefusal } = useSetClicks(caseId, groupId, sets, lines);

  useFetchAlert(summaryQuery, t.inventoryFetchFailed, "inventory summary");
  useFetchAlert(orderItemsQuery, t.orderItemsFetchFailed, "order items");
  useFetchAlert(categoriesQuery, t.categoryFetchFailed, "categories");

  const itemDayPath = useMemo(() => {
    const day = businessDay(workcase?.start_date);
    return day ? `/item/${day.replaceAll("-", "/")}` : null;
  }, [workcase?.start_date]);
  const listHref = orderItemsListHref(caseId, workcase);
  const historyTarget = useMemo(() => (first ? { caseId } : null), [caseId, first]);

  // The warning, the shipped items and the stock appear together, once each has answered (or failed): drawn
  // one by one, they pushed each other down as they arrived (layout shifts). Until then they are laid out but
  // not shown (styles.css, .contents-pending), under a spinner that takes the place the head leaves them.
  const settled = [summaryQuery, orderItemsQuery, overdue].every((q) => !q.isLoading);
  const canAdd = workcase?.status !== "cancelled";
  const summaryRows = summaryQuery.data ?? NO_ROWS;
  const setRows = setRowsOf(sets, lines, summaryRows);
  const shippableOf = (setId: number) => setRows.find((r) => r.id === setId)?.shippable ?? 0;
  const shownRefusal = setRefusal ?? refusal;
  const dismiss = setRefusal ? dismissSetRefusal : dismissRefusal;
  return (
    <>
      {settled ? null : <Loading label={ja.common.loading} />}
      <div className={settled ? "contents" : "contents contents-pending"}>
        <OverdueWarningList warnings={overdue.data} />
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
    </>
  );
}
