/**
 * In-app alerts, confirmations and success toasts (replacing window.alert / window.confirm). Callable
 * from anywhere (components, hooks, the base query): the requests wait here and `FeedbackHost`
 * (components/feedback) draws them. Dialogs are shown one at a time, in order; an alert whose text is
 * already waiting is not queued twice (several failing fetches of one screen say the same thing once).
 */

export interface FeedbackDialogRequest {
  id: number;
  kind: "alert" | "confirm";
  title: string;
  message: string;
  /** What the question is about (a case title), shown in bold under it. */
  target?: string;
  /** Lines under the message (the items that are short…), as a list. */
  details: readonly string[];
  /** A sentence of explanation under everything else. */
  note?: string;
  confirmLabel?: string;
  /** Resolves the caller's promise: true for the confirm button, false for cancel / close. */
  settle: (confirmed: boolean) => void;
}

export interface FeedbackToast {
  severity: "success" | "info";
  summary: string;
}

export interface AlertOptions {
  /** The dialog's title (defaults to エラー for alerts, 確認 for confirmations, set by the host). */
  title?: string;
  target?: string;
  details?: readonly string[];
  note?: string;
}

export interface ConfirmOptions extends AlertOptions {
  confirmLabel?: string;
}

let nextId = 1;
let queue: readonly FeedbackDialogRequest[] = [];
const queueListeners = new Set<() => void>();
const toastListeners = new Set<(toast: FeedbackToast) => void>();
/** Toasts shown before the host listens: it shows them when it subscribes. */
let waitingToasts: FeedbackToast[] = [];
/** Whether anything was asked of the host yet: the layout loads the host then (app/AppLayout.tsx). */
let requested = false;
const requestedListeners = new Set<() => void>();

function markRequested() {
  if (requested) return;
  requested = true;
  for (const listener of requestedListeners) listener();
}

function setQueue(next: readonly FeedbackDialogRequest[]) {
  queue = next;
  if (next.length > 0) markRequested();
  for (const listener of queueListeners) listener();
}

/** Shows `message` in an in-app alert dialog; resolves when it is closed. */
export function showAlert(message: string, options: AlertOptions = {}): Promise<void> {
  const details = options.details ?? [];
  const same = queue.find(
    (d) => d.kind === "alert" && d.message === message && d.details.join("\n") === details.join("\n"),
  );
  return new Promise<void>((resolve) => {
    if (same) {
      const previous = same.settle;
      same.settle = (ok) => {
        previous(ok);
        resolve();
      };
      return;
    }
    setQueue([
      ...queue,
      {
        id: nextId++,
        kind: "alert",
        title: options.title ?? "",
        message,
        target: options.target,
        details,
        note: options.note,
        settle: () => resolve(),
      },
    ]);
  });
}

/** Asks `message` in an in-app confirmation dialog; resolves true when the user confirms. */
export function askConfirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    setQueue([
      ...queue,
      {
        id: nextId++,
        kind: "confirm",
        title: options.title ?? "",
        message,
        target: options.target,
        details: options.details ?? [],
        note: options.note,
        confirmLabel: options.confirmLabel,
        settle: resolve,
      },
    ]);
  });
}

/** Shows a short success message (a toast under the app bar). */
export function notifySuccess(summary: string): void {
  const toast: FeedbackToast = { severity: "success", summary };
  if (toastListeners.size === 0) waitingToasts = [...waitingToasts, toast];
  for (const listener of toastListeners) listener(toast);
  markRequested();
}

/** Closes the dialog `id` (the first of the queue) with the user's answer. */
export function settleDialog(id: number, confirmed: boolean): void {
  const request = queue.find((d) => d.id === id);
  if (!request) return;
  setQueue(queue.filter((d) => d.id !== id));
  request.settle(confirmed);
}

/** For useSyncExternalStore: the waiting dialogs, the first one is shown. */
export function subscribeDialogs(listener: () => void): () => void {
  queueListeners.add(listener);
  return () => queueListeners.delete(listener);
}

export function getDialogs(): readonly FeedbackDialogRequest[] {
  return queue;
}

/** The host's toast drawer listens here. */
export function subscribeToasts(listener: (toast: FeedbackToast) => void): () => void {
  toastListeners.add(listener);
  const waiting = waitingToasts;
  waitingToasts = [];
  for (const toast of waiting) listener(toast);
  return () => toastListeners.delete(listener);
}

/** For useSyncExternalStore: true from the first alert, confirmation or toast on. */
export function subscribeFeedbackRequested(listener: () => void): () => void {
  requestedListeners.add(listener);
  return () => requestedListeners.delete(listener);
}

export function feedbackRequested(): boolean {
  return requested;
}

/** Drops every waiting dialog (tests, logout). Their callers' promises settle as cancelled. */
export function resetFeedback(): void {
  const waiting = queue;
  waitingToasts = [];
  setQueue([]);
  for (const request of waiting) request.settle(false);
}
