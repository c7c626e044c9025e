import { ja } from "@zaiko/common/messages/ja";
import type { WarehouseSetLineDto } from "@zaiko/common/warehouse/warehouse.schema";
import { useCallback, useState } from "react";
import type { MovementKind } from "../../components/movements";
import type { Notice } from "../../components/useShipmentToggle";
import { serverDetail } from "../../lib/errors";
import { logFailure } from "../../lib/logFailure";
import { useWarehouseSetMoveMutation } from "./warehouseApi";

const t = ja.warehouse;

/** The pending key of a set line's button (BoardSetGroup). */
export const setMoveKey = (lineId: number, kind: MovementKind) => `set-${lineId}:${kind}`;

/**
 * 出庫 / 入庫 of a whole set line from the board: one request; the answer's order items go into the board at
 * once (warehouseApi). A refusal (a part short of units, a tentative case) becomes the notice to show, with
 * the server's words naming the part.
 */
export function useSetMove() {
  const [send] = useWarehouseSetMoveMutation();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const move = useCallback(
    async (line: WarehouseSetLineDto, kind: MovementKind) => {
      const key = setMoveKey(line.id, kind);
      setPending((prev) => new Set(prev).add(key));
      try {
        await send({ lineId: line.id, kind }).unwrap();
      } catch (error) {
        logFailure(`set ${kind} failed`, error);
        setNotice({
          title: ja.orderitems.errorTitle,
          body: serverDetail(error) ?? (kind === "issue" ? t.setIssueFailed : t.setReceiveFailed),
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
  return { pending, notice, closeNotice: () => setNotice(null), move };
}
