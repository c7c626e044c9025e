import { skipToken } from "@reduxjs/toolkit/query";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { useCallback, useMemo, useRef, useState } from "react";
import { useSelector } from "react-redux";
import { useParams, useSearchParams } from "react-router-dom";
import { DataTable } from "../../components/DataTable";
import { FileExcelIcon } from "../../components/icons/glyphs/FileExcelIcon";
import { primeIcon } from "../../components/icons/primeIcon";
import { Page } from "../../components/layout/Page";
import { lazyDialog } from "../../components/lazyDialog";
import {
  MovementDialog,
  movableOrderItem,
  unitsMustBeNamed,
  useMovementDialog,
} from "../../components/movements";
import { NoticeDialog } from "../../components/NoticeDialog";
import { type ShipmentPatch, useShipmentToggle } from "../../components/useShipmentToggle";
import type { OrderItemDto, WorkCaseDto } from "../../lib/allocation";
import { serverDetail, serverFieldMessages } from "../../lib/errors";
import { selectGroupId } from "../../lib/session";
import { shortagesOf } from "../../lib/shortages";
import { ActivityPanel } from "../history";
import { PackListButton } from "../packlist";
import { PresenceChips } from "../presence";
import { CaseGoneNotice } from "./CaseGoneNotice";
import { CaseSummary } from "./CaseSummary";
import { CASE_QUERY_PARAM } from "./caseLink";
import { type EditRefusal, OrderItemEditDialog } from "./OrderItemEditDialog";
import { type OrderItemFormValues, orderItemBody } from "./orderItemForm";
import { orderItemListColumns } from "./orderItemListColumns";
import {
  useCaseOrderItemsQuery,
  useExportExcelMutation,
  useMoveOrderItemMutation,
  useMoveOrderItemUnitsMutation,
  usePatchOrderItemMutation,
  useUndoOrderItemMovementMutation,
  useWorkCaseQuery,
} from "./orderItemsApi";
import { scansOnToggle } from "./unitLines";
import { useCaseGone } from "./useCaseGone";
import { useFetchAlert } from "./useFetchAlert";
import "../../components/allocation.css";
import { NativeSelect, offeredValue } from "../../components/form/NativeSelect";
import { SearchField } from "../../components/form/SearchField";
import { logFailure } from "../../lib/logFailure";
import { OverdueWarning } from "./OverdueWarning";

const t = ja.orderitems;
const excelIcon = primeIcon(FileExcelIcon);
const NO_ORDER_ITEMS: OrderItemDto[] = [];
const getRowId = (o: OrderItemDto) => String(o.id);
/** The value of フィルターなし (PrimeReact shows an empty string as "nothing selected"). */
const NO_FILTER = "\u0000all";
// 個体管理 (docs/units.md): the board's unit scan, loaded when a tracked line first asks for its units.
const UnitScanDialog = lazyDialog(
  async () => (await import("../units")).UnitScanDialog,
  (props) => props.lines !== null,
);
type UnitScanKind = "issue" | "receive";

/** The case passed in the query (spec §2); the page loads it by id too (DOMAIN.md). */
function caseFromQuery(raw: string | null, caseId: number): WorkCaseDto | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as WorkCaseDto;
    return value && typeof value === "object" && value.id === caseId ? value : undefined;
  } catch {
    return undefined;
  }
}

/** /orderitemslist/{caseId} (出荷アイテム): issue and receive the case's shipped items, live. */
export function OrderItemsListPage() {
  const caseId = Number(useParams().caseId);
  const [searchParams] = useSearchParams();
  const groupId = useSelector(selectGroupId);
  const validId = Number.isInteger(caseId) && caseId > 0;
  const caseQuery = useWorkCaseQuery(validId && groupId !== null ? { caseId, groupId } : skipToken);
  const orderItemsQuery = useCaseOrderItemsQuery(validId ? caseId : skipToken);
  const [patch] = usePatchOrderItemMutation();
  const [patchEdit, { isLoading: saving }] = usePatchOrderItemMutation();
  const [exportExcel, { isLoading: exporting }] = useExportExcelMutation();
  useFetchAlert(caseQuery, t.caseFetchFailed, "case");
  useFetchAlert(orderItemsQuery, t.listFetchFailed, "order item list");
  const gone = useCaseGone(caseId, validId, caseQuery);

  const passedCase = useMemo(
    () => caseFromQuery(searchParams.get(CASE_QUERY_PARAM), caseId),
    [searchParams, caseId],
  );
  const workcase = caseQuery.data ?? passedCase;

  const [search, setSearch] = useState("");
  const [category, setCategory] = useState(NO_FILTER);
  const [editing, setEditing] = useState<OrderItemDto | null>(null);
  const [editError, setEditError] = useState<EditRefusal | null>(null);
  const visibleRows = useRef<OrderItemDto[]>([]);

  const listed = orderItemsQuery.data;
  /** The line whose units are scanned; `count`: the number typed in the quantity dialog, else what is left. */
  const [unitScan, setUnitScan] = useState<{ row: OrderItemDto; kind: UnitScanKind; count?: number } | null>(
    null,
  );
  /**
   * A tracked line (`items.unit_tracked`) opens the scan without asking the server first (below). Should the row
   * be older than the item's tracking (turned on meanwhile), the server refuses a count-only 出庫 or partial
   * 入庫 until the units are named: the refusal opens the scan for that line instead of a notice.
   */
  const orScan = useCallback(
    async (id: number, kind: UnitScanKind, request: () => Promise<unknown>) => {
      try {
        return await request();
      } catch (error) {
        const row = listed?.find((o) => o.id === id);
        if (!row || !unitsMustBeNamed(error)) throw error;
        setUnitScan({ row, kind });
        return undefined;
      }
    },
    [listed],
  );
  const send = useCallback(
    (id: number, body: ShipmentPatch) =>
      orScan(id, "issue" in body ? "issue" : "receive", () => patch({ id, caseId, body }).unwrap()),
    [patch, caseId, orScan],
  );
  const { pending, notice, closeNotice, toggle } = useShipmentToggle(send);
  const onToggle = useCallback(
    (o: OrderItemDto, kind: UnitScanKind) => {
      if (scansOnToggle(o, kind)) setUnitScan({ row: o, kind });
      else void toggle(o, kind);
    },
    [toggle],
  );
  const [move] = useMoveOrderItemMutation();
  const [undo] = useUndoOrderItemMovementMutation();
  const [unitMove] = useMoveOrderItemUnitsMutation();
  const movement = useMovementDialog(
    useCallback(
      (id: number) => {
        const o = listed?.find((x) => x.id === id);
        return o && movableOrderItem(o);
      },
      [listed],
    ),
    useCallback(
      (id, kind, quantity, parts) => {
        // A tracked line's units are named: the quantity typed becomes the scan's count.
        const row = listed?.find((o) => o.id === id);
        if (row?.items.unit_tracked) {
          setUnitScan({ row, kind, count: quantity + (parts ? parts.lost + parts.broken : 0) });
          return Promise.resolve();
        }
        return orScan(id, kind, () => move({ id, caseId, kind, quantity, parts }).unwrap());
      },
      [listed, move, caseId, orScan],
    ),
    useCallback((id) => undo({ id, caseId }).unwrap(), [undo, caseId]),
  );
  const { openDialog: onOpenMovement } = movement;
  // The line as it is now (live), for the scan's count.
  const scanned = unitScan ? (listed?.find((o) => o.id === unitScan.row.id) ?? unitScan.row) : null;
  const openEdit = useCallback((o: OrderItemDto) => {
    setEditError(null);
    setEditing(o);
  }, []);

  const columns = useMemo(
    () =>
      orderItemListColumns({
        caseId,
        pending,
        onToggle,
        onEdit: openEdit,
        onOpenMovement,
      }),
    [caseId, pending, onToggle, openEdit, onOpenMovement],
  );
  const all = orderItemsQuery.data ?? NO_ORDER_ITEMS;
  const categoryOptions = useMemo(() => {
    const names = [...new Set(all.map((o) => o.category))].sort((a, b) => a.localeCompare(b, "ja"));
    return [{ label: t.noFilter, value: NO_FILTER }, ...names.map((name) => ({ label: name, value: name }))];
  }, [all]);
  // A category whose last item left is no longer offered: the list is unfiltered again, as its select shows.
  const shownCategory = offeredValue(categoryOptions, category);
  const rows = useMemo(
    () => (shownCategory === NO_FILTER ? all : all.filter((o) => o.category === shownCategory)),
    [all, shownCategory],
  );

  const saveEdit = async (values: OrderItemFormValues) => {
    const { start_date, end_date, order_quantity, note } = orderItemBody(values);
    if (!editing || start_date === null || end_date === null) return;
    try {
      await patchEdit({
        id: editing.id,
        caseId,
        body: { start_date, end_date, order_quantity: Number(order_quantity), note },
      }).unwrap();
      setEditing(null);
    } catch (error) {
      logFailure("order item edit failed", error);
      // The server's `error` (spec §8); a 400's field messages say the same kind of thing.
      setEditError({
        message: serverDetail(error) ?? serverFieldMessages(error)[0] ?? t.updateFailed,
        shortages: shortagesOf(error),
      });
    }
  };

  const onExport = () => {
    if (!workcase) return;
    // Export failures are only logged (spec §8).
    exportExcel({
      order_items: visibleRows.current,
      workcaseDetail: workcase,
      fileName: `${workcase.title}.xlsx`,
    })
      .unwrap()
      .catch((error: unknown) => logFailure("Excel export failed", error));
  };

  if (gone) return <CaseGoneNotice title={t.listTitle} gone={gone} />;
  return (
    <Page
      width="full"
      title={workcase ? `${t.listTitle}：${workcase.title}` : t.listTitle}
      actions={
        <>
          <PackListButton caseId={caseId} />
          <Button
            type="button"
            label={t.excelExport}
            icon={excelIcon}
            severity="success"
            loading={exporting}
            disabled={!workcase}
            onClick={onExport}
          />
        </>
      }
    >
      <PresenceChips caseId={caseId} />
      {workcase ? <CaseSummary workcase={workcase} /> : null}
      <OverdueWarning caseId={caseId} />
      <div className="case-filters">
        <SearchField label={t.itemSearch} value={search} onChange={setSearch} />
        <NativeSelect
          value={shownCategory}
          options={categoryOptions}
          onChange={setCategory}
          ariaLabel={t.categoryFilter}
        />
      </div>
      <DataTable
        label={t.listTitle}
        data={rows}
        columns={columns}
        getRowId={getRowId}
        globalFilter={search}
        initialSort={{ id: "end_date", desc: true }}
        loading={orderItemsQuery.isLoading}
        visibleRowsRef={visibleRows}
        phoneLayout="stack"
      />
      <ActivityPanel target={validId ? { caseId } : null} />
      <OrderItemEditDialog
        orderItem={editing}
        busy={saving}
        serverError={editError?.message ?? null}
        shortages={editError?.shortages ?? []}
        onCancel={() => setEditing(null)}
        onSubmit={(values) => void saveEdit(values)}
      />
      <MovementDialog {...movement.dialogProps} />
      <UnitScanDialog
        lines={scanned ? [{ ...scanned, item: scanned.items, count: unitScan?.count }] : null}
        kind={unitScan?.kind ?? "issue"}
        onHide={() => setUnitScan(null)}
        send={(body) => unitMove({ id: scanned!.id, caseId, kind: unitScan?.kind ?? "issue", body }).unwrap()}
      />
      <NoticeDialog visible={notice !== null} title={notice?.title ?? ""} onClose={closeNotice}>
        {notice?.body ? <p className="dialog-question">{notice.body}</p> : null}
      </NoticeDialog>
    </Page>
  );
}
