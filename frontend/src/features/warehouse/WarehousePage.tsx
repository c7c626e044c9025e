import { ja } from "@zaiko/common/messages/ja";
import type {
  WarehouseHireDto,
  WarehouseRowDto,
  WarehouseSetLineDto,
} from "@zaiko/common/warehouse/warehouse.schema";
import { Button } from "primereact/button";
import { WindowMaximizeIcon } from "primereact/icons/windowmaximize";
import { WindowMinimizeIcon } from "primereact/icons/windowminimize";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { primeIcon } from "../../components/icons/primeIcon";
import { Loading } from "../../components/layout/Loading";
import { lazyDialog } from "../../components/lazyDialog";
import { MovementDialog, useMovementDialog } from "../../components/movements";
import { type ShipmentPatch, useShipmentToggle } from "../../components/useShipmentToggle";
import { serverDetail } from "../../lib/errors";
import { showAlert } from "../../lib/feedback";
import { useAppDispatch } from "../../lib/hooks";
import { logFailure } from "../../lib/logFailure";
import { PresenceChips } from "../presence";
import { useChangeSubRentalStatusMutation } from "../subrentals";
import type { ScanLine } from "../units";
import { type TimingKind, timeOf } from "./BoardRow";
import { BoardSection } from "./BoardSection";
import { boardMovable } from "./boardUpdates";
import { boardQuery } from "./requests";
import { ScanField } from "./ScanField";
import { countScanRows, matchScan } from "./scan";
import { useSetMove } from "./useSetMove";
import {
  useWarehouseBoardQuery,
  useWarehouseMoveMutation,
  useWarehouseOverdueQuery,
  useWarehouseSetMoveMutation,
  useWarehouseToggleMutation,
  useWarehouseUndoMutation,
  useWarehouseUnitMoveMutation,
} from "./warehouseApi";
import "./warehouse.css";

const t = ja.warehouse;
/** Re-read now and then: rows become overdue as time passes, and a wall screen crosses midnight. */
// Loaded when first shown: the board draws without it.
const NoticeDialog = lazyDialog(async () => (await import("../../components/NoticeDialog")).NoticeDialog);
// 個体管理 (docs/units.md): loaded when a tracked line is first issued or received.
const UnitScanDialog = lazyDialog(
  async () => (await import("../units")).UnitScanDialog,
  (props) => props.lines !== null,
);
const POLL_MS = 60_000;
const wallOffIcon = primeIcon(WindowMinimizeIcon);
const wallOnIcon = primeIcon(WindowMaximizeIcon);
const NO_IDS: ReadonlySet<number> = new Set();

/** /warehouse: what goes out and comes back today and tomorrow, overdue first; live; scan to find. */
export function WarehousePage() {
  const [params, setParams] = useSearchParams();
  const wall = params.get("wall") === "1";
  const date = boardQuery(params).arg;
  const board = useWarehouseBoardQuery(date, { pollingInterval: POLL_MS });
  const overdueOf = useWarehouseOverdueQuery(date, { pollingInterval: POLL_MS }).data;
  const warnings = useMemo(() => new Map(overdueOf?.map((w) => [w.case_id, w.warnings])), [overdueOf]);
  const dispatch = useAppDispatch();
  const [toggle] = useWarehouseToggleMutation();
  const [move] = useWarehouseMoveMutation();
  const [undo] = useWarehouseUndoMutation();
  // 外部手配's 入荷 / 返却 (docs/subrental.md); a refused early 返却 says why (the cases that still need the units).
  const [stepHire] = useChangeSubRentalStatusMutation();
  const onHire = useCallback(
    async (hire: WarehouseHireDto) => {
      try {
        await stepHire({
          id: hire.sub_rental_id,
          status: hire.kind === "arrive" ? "received" : "returned",
        }).unwrap();
        board.refetch();
      } catch (error) {
        logFailure("sub-rental step failed", error);
        void showAlert(serverDetail(error) ?? ja.subrentals.actionFailed);
      }
    },
    [stepHire, board],
  );
  const movement = useMovementDialog(
    useCallback((id: number) => (board.data ? boardMovable(board.data, id) : undefined), [board.data]),
    useCallback((id, kind, quantity, parts) => move({ id, kind, quantity, parts }).unwrap(), [move]),
    useCallback((id) => undo({ id }).unwrap(), [undo]),
  );
  // 個体管理 (docs/units.md): a tracked line's scan, or a set's issue with its tracked parts (docs/sets.md).
  const [unitScan, setUnitScan] = useState<{
    lines: ScanLine[];
    kind: TimingKind;
    set: { id: number; title: string } | null;
  } | null>(null);
  const [scan, setScan] = useState<{ ids: ReadonlySet<number>; message: string; serial: number } | null>(
    null,
  );

  const send = useCallback((id: number, body: ShipmentPatch) => toggle({ id, body }).unwrap(), [toggle]);
  const [unitMove] = useWarehouseUnitMoveMutation();
  const [setUnitMove] = useWarehouseSetMoveMutation();
  const shipment = useShipmentToggle(send);
  const setMove = useSetMove();
  const pending = useMemo(
    () => new Set([...shipment.pending, ...setMove.pending]),
    [shipment.pending, setMove.pending],
  );
  const notice = shipment.notice ?? setMove.notice;
  const closeNotice = () => {
    shipment.closeNotice();
    setMove.closeNotice();
  };

  const onScan = async (value: string) => {
    let ids = new Set(board.data ? matchScan(board.data, value) : []);
    const shown = value.trim();
    let unitNote = "";
    // Not an item on the board: a unit's label (個体管理, docs/units.md) finds the rows of its item.
    if (ids.size === 0 && board.data && shown) {
      // Loaded on the first such scan: the board's own chunk stays as it was.
      const units = await import("../units");
      const unit = await dispatch(units.unitsApi.endpoints.lookupUnit.initiate(shown))
        .unwrap()
        .catch(() => null);
      if (unit) {
        ids = new Set(matchScan(board.data, String(unit.item)));
        unitNote = `（${unit.tag}：${units.unitStatusText(unit)}）`;
      }
    }
    const rows = board.data ? countScanRows(board.data, ids) : 0;
    setScan((prev) => ({
      ids,
      message: (rows > 0 ? t.scanFound(shown, rows) : t.scanNoMatch(shown)) + unitNote,
      serial: (prev?.serial ?? 0) + 1,
    }));
  };

  // Bring the first hit into view after each scan (a new serial even when the same item is scanned again).
  useEffect(() => {
    const first = scan?.ids.values().next().value;
    if (first === undefined) return;
    document
      .querySelector(`[data-row-id="${first}"]`)
      ?.scrollIntoView?.({ block: "center", behavior: "smooth" });
  }, [scan]);

  const toggleWall = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (wall) next.delete("wall");
        else next.set("wall", "1");
        return next;
      },
      { replace: true },
    );

  const actions = {
    pending,
    found: scan?.ids ?? NO_IDS,
    onToggle: (r: WarehouseRowDto, k: TimingKind) => void shipment.toggle(r, k),
    onOpenMovement: movement.openDialog,
    onSetMove: (line: WarehouseSetLineDto, k: TimingKind) => void setMove.move(line, k),
    onUnitScan: (row: WarehouseRowDto, kind: TimingKind) =>
      setUnitScan({ lines: [{ ...row, item: row.item }], kind, set: null }),
    onSetUnitScan: (line: WarehouseSetLineDto, parts: ScanLine[]) =>
      setUnitScan({ lines: parts, kind: "issue", set: { id: line.id, title: line.title } }),
  };
  const data = board.data;
  const updated = board.fulfilledTimeStamp ? new Date(board.fulfilledTimeStamp) : null;

  return (
    <div className={`page page-wide warehouse${wall ? " warehouse--wall" : ""}`}>
      <div className="page-head wh-head">
        <h1 className="page-title">{t.title}</h1>
        <div className="page-actions wh-head-actions">
          {updated ? <span className="wh-updated">{t.updatedAt(timeOf(updated))}</span> : null}
          <Button
            type="button"
            label={wall ? t.wallOff : t.wallOn}
            icon={wall ? wallOffIcon : wallOnIcon}
            outlined
            aria-pressed={wall}
            onClick={toggleWall}
          />
        </div>
      </div>
      <PresenceChips warehouse />
      <ScanField
        onScan={(v) => void onScan(v)}
        message={scan?.message ?? null}
        matched={(scan?.ids.size ?? 0) > 0}
      />
      {board.isError ? (
        <p className="wh-error" role="alert">
          {serverDetail(board.error) ?? t.fetchFailed}
        </p>
      ) : null}
      {!data && board.isLoading ? <Loading label={ja.common.loading} /> : null}
      {data ? (
        <div className="wh-board">
          {data.overdue.length > 0 || (data.overdue_hires?.length ?? 0) > 0 ? (
            <BoardSection
              id="overdue"
              title={t.overdue}
              hint={t.overdueHint}
              cases={data.overdue}
              overdue
              actions={actions}
              hires={data.overdue_hires}
              onHire={onHire}
            />
          ) : null}
          <div className="wh-days">
            <BoardSection
              id="today"
              title={date ? data.days[0].label : t.today(data.days[0].label)}
              cases={data.days[0].cases}
              warnings={warnings}
              actions={actions}
              hires={data.days[0].hires}
              onHire={onHire}
            />
            <BoardSection
              id="tomorrow"
              title={date ? data.days[1].label : t.tomorrow(data.days[1].label)}
              cases={data.days[1].cases}
              warnings={warnings}
              actions={actions}
              hires={data.days[1].hires}
              onHire={onHire}
            />
          </div>
        </div>
      ) : null}
      <MovementDialog {...movement.dialogProps} />
      {unitScan ? (
        <UnitScanDialog
          lines={unitScan.lines}
          kind={unitScan.kind}
          set={unitScan.set ?? undefined}
          onHide={() => setUnitScan(null)}
          send={(body) => {
            const { set, kind, lines } = unitScan;
            return set
              ? setUnitMove({ lineId: set.id, kind, body }).unwrap()
              : unitMove({ id: lines[0]!.id, kind, body }).unwrap();
          }}
        />
      ) : null}
      <NoticeDialog visible={notice !== null} title={notice?.title ?? ""} onClose={closeNotice}>
        {notice?.body ? <p className="dialog-question">{notice.body}</p> : null}
      </NoticeDialog>
    </div>
  );
}
