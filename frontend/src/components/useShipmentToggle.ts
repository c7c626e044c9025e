import { ja } from "@zaiko/common/messages/ja";
import { useCallback, useState } from "react";
import { toIsoWithOffset } from "../lib/dateTime";
import { serverDetail, statusOf } from "../lib/errors";
import { logFailure } from "../lib/logFailure";

const t = ja.orderitems;

/** 出庫 or 入庫 of a shipped item. */
export type ShipmentKind = "issue" | "receive";
export type ShipmentPatch = { issue: string | null } | { receive: string | null };
export interface Notice {
  title: string;
  body: string;
}

/**
 * The one-tap 出庫/入庫 toggles shared by the shipped item list and the warehouse board: sets the time to
 * now or clears it through `send` (a PATCH of the order item), keeps which toggles are in flight
 * (`${id}:${kind}`) for their loading state, and turns a refusal into the notice to show:
 * 出庫がされていません for a receive before the issue, otherwise the server's message.
 */
export function useShipmentToggle(send: (id: number, patch: ShipmentPatch) => Promise<unknown>) {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [notice, setNotice] = useState<Notice | null>(null);

  const toggle = useCallback(
    async (row: { id: number; issue: string | null; receive: string | null }, kind: ShipmentKind) => {
      const key = `${row.id}:${kind}`;
      const value = row[kind] ? null : toIsoWithOffset(new Date());
      setPending((prev) => new Set(prev).add(key));
      try {
        await send(row.id, kind === "issue" ? { issue: value } : { receive: value });
      } catch (error) {
        logFailure(`${kind} update failed`, error);
        const detail = serverDetail(error);
        if (statusOf(error) === 409 && detail === t.notIssued) setNotice({ title: t.notIssued, body: "" });
        else
          setNotice({
            title: t.errorTitle,
            body: detail ?? (kind === "issue" ? t.issueFailed : t.receiveFailed),
          });
      } finally {
        setPending((prev) => {
          const next = new Set(prev);
          next.delete(key);
          return next;
        });
      }
    },
    [send],
  );

  return { pending, notice, closeNotice: () => setNotice(null), toggle };
}
