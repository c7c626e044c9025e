import { ja } from "@zaiko/common/messages/ja";
import type { CaseStatus, WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { Button } from "primereact/button";
import { useState } from "react";
import { useSelector } from "react-redux";
import { lazyDialog } from "../../components/lazyDialog";
import { ShortageList } from "../../components/ShortageList";
import type { ShortageDto, TentativeHoldDto } from "../../lib/allocation";
import { isoFromWallClock, wallClockOf } from "../../lib/dateTime";
import { askConfirm, showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";
import { selectSession } from "../../lib/session";
import { shortagesOf, tentativeHoldsOf } from "../../lib/shortages";
import { WhyShortButton } from "../availability";
import { useChangeCaseStatusMutation } from "./caseStatusApi";

const L = ja.lifecycle;
// Loaded when first opened: the case screen draws its buttons without the dialog and its date field.
const HoldUntilDialog = lazyDialog(async () => (await import("./HoldUntilDialog")).HoldUntilDialog);
const NoticeDialog = lazyDialog(async () => (await import("../../components/NoticeDialog")).NoticeDialog);

/** The server's refusal text (`error` or `detail`), else ours. */
function refusalOf(error: unknown): string {
  const data =
    error && typeof error === "object" && "data" in error ? (error as { data: unknown }).data : null;
  if (data && typeof data === "object") {
    const d = data as { error?: unknown; detail?: unknown; hold_until?: unknown };
    if (typeof d.error === "string") return d.error;
    if (typeof d.detail === "string") return d.detail;
    if (Array.isArray(d.hold_until) && typeof d.hold_until[0] === "string") return d.hold_until[0];
  }
  return L.changeFailed;
}

/**
 * The case's lifecycle buttons on the case screens: 本予約にする / 期限を変更 / 仮押さえを解除 for a hold (its holder or
 * an owner only, as the server checks), 案件をキャンセル for a confirmed case, 本予約で再開 / 仮押さえで再開 for a
 * cancelled one. A refusal opens 変更できません with the server's reason, the short items and the holds in the way;
 * each short item offers 理由 (which cases hold it over the case's period, and from when it is free).
 */
export function CaseStatusActions({ workcase, groupId }: { workcase: WorkCaseDto; groupId: number }) {
  const session = useSelector(selectSession);
  const [change, { isLoading }] = useChangeCaseStatusMutation();
  const [holdDialog, setHoldDialog] = useState<null | "extend" | "reopen">(null);
  const [holdUntil, setHoldUntil] = useState<Date | null>(null);
  const mayChangeHold = session.is_owner || workcase.held_by === session.id;
  const [refused, setRefused] = useState<{
    reason: string;
    shortages: ShortageDto[];
    holds: TentativeHoldDto[];
  } | null>(null);

  const send = async (status: CaseStatus, hold_until: string | null = null) => {
    try {
      await change({ id: workcase.id, groupId, status, hold_until }).unwrap();
      return true;
    } catch (error) {
      logFailure("case status change failed", error);
      const shortages = shortagesOf(error);
      if (shortages.length > 0) {
        setRefused({ reason: refusalOf(error), shortages, holds: tentativeHoldsOf(error) });
      } else {
        void showAlert(refusalOf(error), { title: L.refusedTitle });
      }
      return false;
    }
  };
  const confirmThen = async (title: string, question: string, label: string, status: CaseStatus) => {
    if (await askConfirm(question, { title, target: workcase.title, confirmLabel: label }))
      await send(status);
  };
  const openHold = (mode: "extend" | "reopen") => {
    setHoldUntil(mode === "extend" ? wallClockOf(workcase.hold_until) : null);
    setHoldDialog(mode);
  };
  const saveHold = async () => {
    if (!holdUntil) return;
    if (await send("tentative", isoFromWallClock(holdUntil))) setHoldDialog(null);
  };

  const button = (label: string, onClick: () => void, severity?: "success" | "danger" | "secondary") => (
    <Button
      type="button"
      size="small"
      label={label}
      severity={severity}
      outlined={severity !== "success"}
      disabled={isLoading}
      aria-label={`${label}: ${workcase.title}`}
      onClick={onClick}
    />
  );
  return (
    <div className="case-status-actions">
      {workcase.status === "tentative" && mayChangeHold ? (
        <>
          {button(
            L.confirm,
            () => void confirmThen(L.confirmTitle, L.confirmBody, L.confirm, "confirmed"),
            "success",
          )}
          {button(L.extend, () => openHold("extend"), "secondary")}
          {button(
            L.release,
            () => void confirmThen(L.releaseTitle, L.releaseBody, L.release, "cancelled"),
            "danger",
          )}
        </>
      ) : null}
      {workcase.status === "confirmed"
        ? button(
            L.cancel,
            () => void confirmThen(L.cancelTitle, L.cancelBody, L.cancel, "cancelled"),
            "danger",
          )
        : null}
      {workcase.status === "cancelled" ? (
        <>
          {button(L.reopenConfirmed, () => void send("confirmed"), "success")}
          {button(L.reopenTentative, () => openHold("reopen"), "secondary")}
        </>
      ) : null}
      <HoldUntilDialog
        visible={holdDialog !== null}
        holdUntil={holdUntil}
        onChange={setHoldUntil}
        busy={isLoading}
        onSave={() => void saveHold()}
        onCancel={() => setHoldDialog(null)}
      />
      <NoticeDialog visible={refused !== null} title={L.refusedTitle} onClose={() => setRefused(null)}>
        <p className="dialog-question">{refused?.reason}</p>
        <ShortageList
          shortages={refused?.shortages ?? []}
          holds={refused?.holds ?? []}
          explain={(s) => (
            <WhyShortButton
              look="text"
              itemId={s.item_id}
              itemTitle={s.title}
              caseId={workcase.id}
              more={0}
            />
          )}
        />
      </NoticeDialog>
    </div>
  );
}
