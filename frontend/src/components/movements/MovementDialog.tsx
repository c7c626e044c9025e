import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { MinusIcon } from "primereact/icons/minus";
import { PlusIcon } from "primereact/icons/plus";
import { UndoIcon } from "primereact/icons/undo";
import { InputNumber } from "primereact/inputnumber";
import { type ReactNode, useEffect, useState } from "react";
import { displayDateTime, isoFromWallClock } from "../../lib/dateTime";
import { AppDialog } from "../AppDialog";
import { primeIcon } from "../icons/primeIcon";
import {
  leftToMove,
  type MovableRow,
  type MovementKind,
  type ReceiveParts,
  useLineHiresQuery,
  useOrderItemMovementsQuery,
} from "./movementsApi";
import "./movements.css";

const t = ja.movements;
const minusIcon = primeIcon(MinusIcon);
const plusIcon = primeIcon(PlusIcon);
const undoIcon = primeIcon(UndoIcon);
const o = ja.outages;
const sr = ja.subrentals;

type LineHire = NonNullable<ReturnType<typeof useLineHiresQuery>["data"]>[number];

/**
 * 外部手配 (docs/subrental.md): when the line's item has hires with us, lost or broken units may be hired ones. The
 * user says which (no default: a wrong guess either lowers the own stock or the supplier's count), and which hire,
 * preselected with the one made for this case.
 */
function LossOwner(props: {
  hires: readonly LineHire[];
  owner: "own" | "hired" | null;
  hireId: number | null;
  onOwner: (owner: "own" | "hired") => void;
  onHire: (id: number) => void;
}) {
  return (
    <fieldset className="mv-loss-owner">
      <legend>{sr.lossOwner}</legend>
      <label>
        <input
          type="radio"
          name="mv-loss-owner"
          checked={props.owner === "hired"}
          onChange={() => props.onOwner("hired")}
        />
        {sr.lossHired}
      </label>
      <label>
        <input
          type="radio"
          name="mv-loss-owner"
          checked={props.owner === "own"}
          onChange={() => props.onOwner("own")}
        />
        {sr.lossOwn}
      </label>
      {props.owner === "hired" ? (
        <>
          <label className="mv-loss-hire">
            {sr.lossWhich}
            <select
              className="p-inputtext"
              value={props.hireId ?? ""}
              onChange={(e) => props.onHire(Number(e.target.value))}
            >
              {props.hires.map((h) => (
                <option key={h.id} value={h.id}>
                  {`${h.supplier_name} ${h.quantity}個（${displayDateTime(h.start_date)} 〜 ${displayDateTime(h.end_date)}）`}
                </option>
              ))}
            </select>
          </label>
          <p className="mv-loss-hint">{sr.lossHiredHint}</p>
        </>
      ) : null}
    </fieldset>
  );
}

/** A YYYY-MM-DD day as the business zone's midnight (ISO with offset), or null. */
function dayStart(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? isoFromWallClock(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** One count with − and + beside it: the units moved, and on a receive the lost and the broken ones. */
function QuantityStepper(props: {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min: number;
  max: number;
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="mv-quantity">
      <label htmlFor={props.id}>{props.label}</label>
      <InputNumber
        inputId={props.id}
        value={props.value}
        onValueChange={(e) => props.onChange(e.value ?? null)}
        min={props.min}
        max={props.max}
        showButtons
        buttonLayout="horizontal"
        decrementButtonIcon={minusIcon}
        incrementButtonIcon={plusIcon}
        inputMode="numeric"
        autoFocus={props.autoFocus}
      />
      {props.children}
    </div>
  );
}

const historyKind = (kind: "issue" | "receive", disposition: string) =>
  kind === "issue"
    ? t.issueKind
    : disposition === "lost"
      ? o.historyKind(o.lostKind)
      : disposition === "broken"
        ? o.historyKind(o.brokenKind)
        : t.receiveKind;

type Movement = NonNullable<ReturnType<typeof useOrderItemMovementsQuery>["data"]>[number];

/** The latest record in words: what the undo would take back. */
const latestRecord = (list: readonly Movement[]) => {
  const mv = list[list.length - 1]!;
  return t.undoRecord(
    historyKind(mv.kind, mv.disposition),
    mv.quantity,
    displayDateTime(mv.at),
    mv.member_name || t.unknownMember,
  );
};

/** 直前の記録を取り消す, naming the record, then a confirmation in place (no second dialog over this one). */
function UndoLatest(props: {
  record: string;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  if (!props.confirming)
    return (
      <Button
        type="button"
        size="small"
        text
        icon={undoIcon}
        label={t.undoLatestOf(props.record)}
        className="mv-undo"
        disabled={props.busy}
        onClick={props.onAsk}
      />
    );
  return (
    <fieldset className="mv-undo-confirm">
      <legend>{t.undoConfirm(props.record)}</legend>
      <Button type="button" size="small" outlined label={t.undoNo} onClick={props.onCancel} />
      <Button
        type="button"
        size="small"
        severity="danger"
        label={t.undoYes}
        loading={props.busy}
        onClick={props.onConfirm}
      />
    </fieldset>
  );
}

interface Props {
  /** The row as it is now (live), or null when the dialog is closed. */
  row: MovableRow | null;
  kind: MovementKind;
  busy: boolean;
  error: string | null;
  onSubmit: (quantity: number, parts?: ReceiveParts) => void;
  /** Resolves true when the latest record was taken back (the record is then read again). */
  onUndo: () => Promise<boolean>;
  onHide: () => void;
}

/**
 * 出庫 or 入庫 of a chosen quantity (docs/lifecycle.md): what is out and back, a quantity that starts at all
 * that is left (the common case is one tap), the record of who moved how many when, and the undo of the
 * latest record. Big buttons: it is used on phones in the warehouse.
 */
export function MovementDialog({ row, kind, busy, error, onSubmit, onUndo, onHide }: Props) {
  const left = row ? leftToMove(row, kind) : 0;
  const [quantity, setQuantity] = useState<number | null>(left);
  // A receive may report units lost (紛失) or broken (故障, with the repair date): docs/lifecycle.md.
  const [lost, setLost] = useState(0);
  const [broken, setBroken] = useState(0);
  const [repairDay, setRepairDay] = useState("");
  // Lost or broken units of an item with hires: own or hired, and which hire (docs/subrental.md).
  const [owner, setOwner] = useState<"own" | "hired" | null>(null);
  const [hireId, setHireId] = useState<number | null>(null);
  // The undo asks first: one tap took back the latest record whatever it was (a fresh 入庫 dialog undid the 出庫).
  const [confirmUndo, setConfirmUndo] = useState(false);
  const openId = row?.id ?? null;
  // A new dialog starts at everything that is left, all in good order.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another row or kind opens
  useEffect(() => {
    setQuantity(left > 0 ? left : null);
    setLost(0);
    setBroken(0);
    setRepairDay("");
    setOwner(null);
    setHireId(null);
    setConfirmUndo(false);
  }, [openId, kind]);
  // Another screen moved units meanwhile (live): keep the chosen quantity within what is left now.
  useEffect(() => setQuantity((q) => (q === null || q > left ? (left > 0 ? left : null) : q)), [left]);
  const receiving = kind === "receive";
  const damaged = receiving ? lost + broken : 0;
  // Units reported lost or broken come out of the quantity returned in good order.
  const setDamaged = (nextLost: number, nextBroken: number) => {
    setLost(nextLost);
    setBroken(nextBroken);
    setQuantity((q) => Math.max(0, Math.min(q ?? 0, left - nextLost - nextBroken)));
  };
  const history = useOrderItemMovementsQuery(openId ?? 0, {
    skip: openId === null,
    refetchOnMountOrArgChange: true,
  });
  const hires = useLineHiresQuery(openId ?? 0, {
    skip: openId === null || kind !== "receive",
    refetchOnMountOrArgChange: true,
  }).data;
  const askOwner = damaged > 0 && (hires?.length ?? 0) > 0;
  const chosenHire = owner === "hired" ? (hireId ?? hires?.[0]?.id ?? null) : null;
  const repairDue = broken > 0 ? dayStart(repairDay) : null;
  const total = (quantity ?? 0) + damaged;
  const valid =
    quantity !== null &&
    quantity >= (damaged > 0 ? 0 : 1) &&
    total >= 1 &&
    total <= left &&
    (broken === 0 || repairDue !== null) &&
    (!askOwner || owner === "own" || chosenHire !== null);
  const parts: ReceiveParts | undefined =
    damaged > 0
      ? {
          lost,
          broken,
          repair_due: repairDue,
          ...(askOwner && chosenHire !== null ? { sub_rental: chosenHire } : {}),
        }
      : undefined;
  const title = row ? (kind === "issue" ? t.issueTitle(row.title) : t.receiveTitle(row.title)) : "";
  return (
    <AppDialog
      title={title}
      visible={row !== null}
      onHide={onHide}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={t.cancel} outlined onClick={onHide} />
          <Button
            type="button"
            label={kind === "issue" ? t.submitIssue : t.submitReceive}
            severity={kind === "issue" ? undefined : "success"}
            disabled={!valid}
            loading={busy}
            onClick={() => valid && onSubmit(quantity, parts)}
          />
        </div>
      }
    >
      {row ? (
        <>
          <p className="mv-dialog-status">
            {t.issuedOf(row.issued_quantity, row.order_quantity)}・
            {t.receivedOf(row.received_quantity, row.order_quantity)}
          </p>
          {left > 0 ? (
            <QuantityStepper
              id="mv-quantity-input"
              label={receiving ? t.receiveQuantityLabel : t.quantityLabel}
              value={quantity}
              onChange={setQuantity}
              min={damaged > 0 ? 0 : 1}
              max={left - damaged}
              autoFocus
            >
              <span>{t.remaining(left)}</span>
            </QuantityStepper>
          ) : null}
          {left > 0 && receiving ? (
            <div className="mv-dispositions">
              <QuantityStepper
                id="mv-lost-input"
                label={o.lostLabel}
                value={lost}
                onChange={(value) => setDamaged(Math.max(0, value ?? 0), broken)}
                min={0}
                max={left - broken}
              />
              <QuantityStepper
                id="mv-broken-input"
                label={o.brokenLabel}
                value={broken}
                onChange={(value) => setDamaged(lost, Math.max(0, value ?? 0))}
                min={0}
                max={left - lost}
              />
              {broken > 0 ? (
                <div className="mv-quantity">
                  <label htmlFor="mv-repair-input">{o.repairDueLabel}</label>
                  <input
                    id="mv-repair-input"
                    className="p-inputtext"
                    type="date"
                    value={repairDay}
                    onChange={(e) => setRepairDay(e.target.value)}
                  />
                </div>
              ) : null}
              {askOwner && hires ? (
                <LossOwner
                  hires={hires}
                  owner={owner}
                  hireId={chosenHire}
                  onOwner={setOwner}
                  onHire={setHireId}
                />
              ) : null}
              <p className="mv-total">{o.receivePlan(quantity ?? 0, lost, broken, left)}</p>
            </div>
          ) : null}
          {left > 0 ? null : <p>{kind === "issue" ? t.nothingToIssue : t.nothingToReceive}</p>}
          {error ? (
            <p className="mv-error" role="alert">
              {error}
            </p>
          ) : null}
          {history.data && history.data.length > 0 ? (
            <>
              <ul className="mv-history" aria-label={t.history}>
                {history.data.map((mv) => (
                  <li key={mv.id}>
                    {t.historyLine(
                      historyKind(mv.kind, mv.disposition),
                      mv.quantity,
                      displayDateTime(mv.at),
                      mv.member_name || t.unknownMember,
                    )}
                  </li>
                ))}
              </ul>
              <UndoLatest
                record={latestRecord(history.data)}
                confirming={confirmUndo}
                busy={busy}
                onAsk={() => setConfirmUndo(true)}
                onCancel={() => setConfirmUndo(false)}
                onConfirm={() =>
                  void onUndo().then((done) => {
                    setConfirmUndo(false);
                    if (done) history.refetch();
                  })
                }
              />
            </>
          ) : null}
        </>
      ) : null}
    </AppDialog>
  );
}
