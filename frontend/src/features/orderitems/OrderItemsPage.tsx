import { skipToken } from "@reduxjs/toolkit/query";
import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSelector } from "react-redux";
import { useParams } from "react-router-dom";
import { Page } from "../../components/layout/Page";
import { ShortageList } from "../../components/ShortageList";
import {
  type OrderItemDto,
  type ShortageDto,
  type SummaryRowDto,
  shortagesOf,
  statusOf,
  watchCase,
} from "../../lib/allocation";
import { api } from "../../lib/api";
import { businessDay } from "../../lib/dateTime";
import { serverDetail } from "../../lib/errors";
import { useAppDispatch } from "../../lib/hooks";
import { selectGroupId } from "../../lib/session";
import { useDebouncedAction } from "../../lib/useDebouncedAction";
import { CaseGoneNotice } from "./CaseGoneNotice";
import { CaseSummary } from "./CaseSummary";
import { orderItemsListHref } from "./caseLink";
import { InventoryCard } from "./InventoryCard";
import {
  useAddItemMutation,
  useCaseCategoriesQuery,
  useCaseOrderItemsQuery,
  useInventorySummaryQuery,
  useReduceItemMutation,
  useWorkCaseQuery,
} from "./orderItemsApi";
import { ShippedItemsCard } from "./ShippedItemsCard";
import { useCaseGone } from "./useCaseGone";
import { useFetchAlert } from "./useFetchAlert";
import "../../components/allocation.css";

const t = ja.orderitems;
const NO_ROWS: SummaryRowDto[] = [];
const NO_ORDER_ITEMS: OrderItemDto[] = [];
const NO_CATEGORIES: CategoryDto[] = [];
/** Spec §7, §9. */
export const ADD_DEBOUNCE_MS = 300;
export const REDUCE_DEBOUNCE_MS = 100;

/** /orderitems/{caseId} (案件詳細): allocate stock to a case, live with other coordinators. */
export function OrderItemsPage() {
  const caseId = Number(useParams().caseId);
  const groupId = useSelector(selectGroupId);
  const validId = Number.isInteger(caseId) && caseId > 0;
  const caseArg = validId && groupId !== null ? { caseId, groupId } : skipToken;
  const caseQuery = useWorkCaseQuery(caseArg);
  const summaryQuery = useInventorySummaryQuery(caseArg);
  const orderItemsQuery = useCaseOrderItemsQuery(validId && groupId !== null ? caseId : skipToken);
  const categoriesQuery = useCaseCategoriesQuery(groupId ?? skipToken);
  const [addItem] = useAddItemMutation();
  const [reduceItem] = useReduceItemMutation();
  const [shortage, setShortage] = useState<{ message: string; shortages: ShortageDto[] } | null>(null);
  const gone = useCaseGone(caseId, validId, caseQuery);
  const dispatch = useAppDispatch();
  // A 404 to '+' / '-' means the case or the item is gone (an event missed): fetch both again, so the
  // screen shows the not-found state or drops the item's row instead of doing nothing.
  const recheckAfter404 = useCallback(
    (error: unknown) => {
      if (statusOf(error) !== 404) return;
      dispatch(
        api.util.invalidateTags([
          { type: "WorkCase", id: caseId },
          { type: "Inventory", id: caseId },
        ]),
      );
    },
    [dispatch, caseId],
  );

  useFetchAlert(caseQuery, t.caseFetchFailed, "case");
  useFetchAlert(summaryQuery, t.inventoryFetchFailed, "inventory summary");
  useFetchAlert(orderItemsQuery, t.orderItemsFetchFailed, "order items");
  useFetchAlert(categoriesQuery, t.categoryFetchFailed, "categories");

  // Join the case room for inventory.changed (again after every reconnect); leave on unmount.
  useEffect(() => {
    if (!validId || groupId === null) return;
    return watchCase(caseId);
  }, [caseId, validId, groupId]);

  const add = useCallback(
    async (itemId: number) => {
      if (groupId === null) return;
      try {
        await addItem({ itemId, caseId, groupId }).unwrap();
        setShortage(null);
      } catch (error) {
        // Add failures are logged (spec §8); a refusal also says which items are short.
        console.error("add item failed", error);
        recheckAfter404(error);
        const shortages = shortagesOf(error);
        if (shortages.length > 0) {
          setShortage({ message: serverDetail(error) ?? t.shortageTitle, shortages });
        }
      }
    },
    [addItem, caseId, groupId, recheckAfter404],
  );
  const reduce = useCallback(
    async (itemId: number) => {
      if (groupId === null) return;
      try {
        await reduceItem({ itemId, caseId, groupId }).unwrap();
      } catch (error) {
        console.error("reduce item failed", error);
        recheckAfter404(error);
      }
    },
    [reduceItem, caseId, groupId, recheckAfter404],
  );
  const adder = useDebouncedAction(ADD_DEBOUNCE_MS, add);
  const reducer = useDebouncedAction(REDUCE_DEBOUNCE_MS, reduce);

  const workcase = caseQuery.data;
  const itemDayPath = useMemo(() => {
    const day = businessDay(workcase?.start_date);
    return day ? `/item/${day.replaceAll("-", "/")}` : null;
  }, [workcase?.start_date]);
  const listHref = orderItemsListHref(caseId, workcase);

  if (gone) return <CaseGoneNotice title={t.title} gone={gone} />;
  return (
    <Page title={workcase ? `${t.title}：${workcase.title}` : t.title}>
      {workcase ? <CaseSummary workcase={workcase} /> : null}
      <div className="case-cards">
        <ShippedItemsCard
          orderItems={orderItemsQuery.data ?? NO_ORDER_ITEMS}
          loading={orderItemsQuery.isLoading}
          listHref={listHref}
          busy={reducer.busy}
          onReduce={reducer.trigger}
        />
        <InventoryCard
          rows={summaryQuery.data ?? NO_ROWS}
          categories={categoriesQuery.data ?? NO_CATEGORIES}
          loading={summaryQuery.isLoading}
          itemDayPath={itemDayPath}
          busy={adder.busy}
          onAdd={adder.trigger}
          message={
            shortage ? (
              <div className="error-list short-message" role="alert">
                <i className="pi pi-exclamation-circle" aria-hidden="true" />
                <div>
                  <strong>{shortage.message}</strong>
                  <ShortageList shortages={shortage.shortages} />
                </div>
              </div>
            ) : null
          }
        />
      </div>
    </Page>
  );
}
