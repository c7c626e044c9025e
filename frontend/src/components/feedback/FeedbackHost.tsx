import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { Toast } from "primereact/toast";
import { useEffect, useRef, useSyncExternalStore } from "react";
import {
  type FeedbackDialogRequest,
  getDialogs,
  settleDialog,
  subscribeDialogs,
  subscribeToasts,
} from "../../lib/feedback";
import { AppDialog } from "../AppDialog";
// The whole theme, as every screen has it (app/screenSetup.ts): /login can show a dialog or a toast.
import "primereact/resources/themes/lara-light-blue/theme.css?screens";
import "./feedback.css";

/** How long a success toast stays (ms): long enough to read one short sentence. */
const TOAST_LIFE_MS = 3000;
/**
 * Centred under the 64 px app bar (spec §9), not over it and not over the page's own buttons (title
 * left, actions right); full width on phones (CSS). Passed through `pt` because the Toast writes
 * top/left inline and merges pass-through styles last.
 */
const TOAST_PT = { root: { style: { top: "calc(64px + 0.75rem)", left: "var(--app-toast-left, 50%)" } } };

/**
 * Draws what lib/feedback asks for: the first waiting alert/confirm as a modal dialog (role
 * alertdialog), and success toasts under the 64 px app bar. Mounted once, in the app layout.
 */
export function FeedbackHost() {
  const dialogs = useSyncExternalStore(subscribeDialogs, getDialogs, getDialogs);
  const toast = useRef<Toast>(null);
  useEffect(
    () =>
      subscribeToasts(({ severity, summary }) =>
        toast.current?.show({ severity, summary, life: TOAST_LIFE_MS }),
      ),
    [],
  );
  const current = dialogs[0];
  return (
    <>
      <Toast ref={toast} position="top-center" className="app-toast" pt={TOAST_PT} />
      {current ? <FeedbackDialog key={current.id} request={current} /> : null}
    </>
  );
}

function FeedbackDialog({ request }: { request: FeedbackDialogRequest }) {
  // Focus goes back where it was (the field or button the user acted on) once the dialog closes.
  const returnFocus = useRef<Element | null>(typeof document === "undefined" ? null : document.activeElement);
  const close = (confirmed: boolean) => {
    settleDialog(request.id, confirmed);
    const target = returnFocus.current;
    if (target instanceof HTMLElement && target.isConnected) setTimeout(() => target.focus(), 0);
  };
  const confirm = request.kind === "confirm";
  const title = request.title || (confirm ? ja.feedback.confirmTitle : ja.feedback.errorTitle);
  return (
    <AppDialog
      title={title}
      visible
      role="alertdialog"
      onHide={() => close(false)}
      footer={
        <div className="dialog-footer">
          {confirm ? (
            <>
              <Button type="button" label={ja.common.cancel} outlined onClick={() => close(false)} />
              <Button
                type="button"
                label={request.confirmLabel ?? ja.feedback.ok}
                onClick={() => close(true)}
                autoFocus
              />
            </>
          ) : (
            <Button type="button" label={ja.common.close} onClick={() => close(false)} autoFocus />
          )}
        </div>
      }
    >
      <p className="dialog-question feedback-message">{request.message}</p>
      {request.target ? <p className="dialog-target">{request.target}</p> : null}
      {request.details.length > 0 ? (
        <ul className="feedback-details">
          {request.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {request.note ? <p className="feedback-note">{request.note}</p> : null}
    </AppDialog>
  );
}
