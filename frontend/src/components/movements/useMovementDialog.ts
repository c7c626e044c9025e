import { ja } from "@zaiko/common/messages/ja";
import { useCallback, useState } from "react";
import { serverDetail, serverFieldMessages } from "../../lib/errors";
import { logFailure } from "../../lib/logFailure";
import type { MovableRow, MovementKind, ReceiveParts } from "./movementsApi";

/**
 * The quantity dialog's state for a list of rows (the shipped item list, the warehouse board): which row
 * and kind is open, the request in flight, and the server's refusal to show in the dialog. `find` reads
 * the row as it is now, so the dialog follows live changes while it is open.
 */
export function useMovementDialog(
  find: (id: number) => MovableRow | undefined,
  send: (id: number, kind: MovementKind, quantity: number, parts?: ReceiveParts) => Promise<unknown>,
  undo: (id: number) => Promise<unknown>,
) {
  const [open, setOpen] = useState<{ id: number; kind: MovementKind } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (request: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await request();
      return true;
    } catch (err) {
      logFailure("movement failed", err);
      setError(serverDetail(err) ?? serverFieldMessages(err)[0] ?? ja.movements.failed);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  const row = open ? (find(open.id) ?? null) : null;
  return {
    dialogProps: {
      row,
      kind: open?.kind ?? ("issue" as MovementKind),
      busy,
      error,
      onHide: () => setOpen(null),
      onSubmit: (quantity: number, parts?: ReceiveParts) => {
        if (!open) return;
        void run(() => send(open.id, open.kind, quantity, parts)).then((done) => done && setOpen(null));
      },
      onUndo: () => (open ? run(() => undo(open.id)) : Promise.resolve(false)),
    },
    openDialog: useCallback((r: MovableRow, kind: MovementKind) => {
      setError(null);
      setOpen({ id: r.id, kind });
    }, []),
  };
}
