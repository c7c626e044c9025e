import { ja } from "@zaiko/common/messages/ja";
import { useCallback, useState } from "react";
import type { ShortageDto } from "../../lib/allocation";
import { api } from "../../lib/api";
import { statusOf } from "../../lib/errors";
import { useAppDispatch } from "../../lib/hooks";
import { logFailure } from "../../lib/logFailure";
import { shortagesOf } from "../../lib/shortages";
import { type ClickBatchResult, useCountedClicks } from "../../lib/useCountedClicks";
import { useAddItemMutation, useReduceItemMutation } from "./orderItemsApi";

const t = ja.orderitems;
/** Spec §7, §9. */
export const ADD_DEBOUNCE_MS = 300;
export const REDUCE_DEBOUNCE_MS = 100;

/** A refused add: the headline, which items are short, and how many units the user still wants. */
export interface AddRefusal {
  message: string;
  shortages: ShortageDto[];
  /** Clicks that did not go through: what 理由 asks for beyond the case's quantity. */
  refused: number;
  /** Units per short item that 理由 asks for, where they are not `refused` (a set's parts: docs/sets.md). */
  moreOf?: Record<number, number>;
}

/**
 * The headline of a refused '+', in the user's own terms: the clicks that did not go through and the
 * units that were free for them. The refusal's shortage is of the one unit more that was refused
 * (`required` = usage with it, `available` = stock), so the units still free before it were
 * available − required + 1 (none, normally); the clicks that went through had taken `done` before it.
 */
export function refusalHeadline(requested: number, done: number, shortage: ShortageDto | undefined): string {
  const freeAfter = shortage ? Math.max(0, shortage.available - shortage.required + 1) : 0;
  return t.notAdded(requested - done, done + freeAfter);
}

/**
 * '+' and '−' of the case detail: every click counts (gathered per row and sent as one call per unit,
 * see `useCountedClicks`). A refused add keeps what was refused and, when several clicks were gathered,
 * how many of them went through.
 */
export function useAllocationClicks(caseId: number, groupId: number | null) {
  const [addItem] = useAddItemMutation();
  const [reduceItem] = useReduceItemMutation();
  const [refusal, setRefusal] = useState<AddRefusal | null>(null);
  const dispatch = useAppDispatch();
  // A 404 to '+' / '−' means the case or the item is gone (an event missed): fetch both again, so the
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

  const add = useCallback(
    (itemId: number) =>
      groupId === null ? Promise.resolve() : addItem({ itemId, caseId, groupId }).unwrap(),
    [addItem, caseId, groupId],
  );
  const reduce = useCallback(
    (itemId: number) =>
      groupId === null ? Promise.resolve() : reduceItem({ itemId, caseId, groupId }).unwrap(),
    [reduceItem, caseId, groupId],
  );
  const onAdded = useCallback(
    (itemId: number, { requested, done, error }: ClickBatchResult) => {
      if (error === undefined) {
        setRefusal(null);
        return;
      }
      // Add failures are logged (spec §8); a refusal also says which items are short.
      logFailure("add item failed", error);
      recheckAfter404(error);
      const shortages = shortagesOf(error);
      if (shortages.length === 0) return;
      const mine = shortages.find((s) => s.item_id === itemId);
      // Only the clicked item is on the box: the user asked for it; its 理由 explains the rest.
      setRefusal({
        message: refusalHeadline(requested, done, mine),
        shortages: mine ? [mine] : shortages,
        refused: Math.max(1, requested - done),
      });
    },
    [recheckAfter404],
  );
  const onReduced = useCallback(
    (_itemId: number, { error }: ClickBatchResult) => {
      if (error === undefined) return;
      logFailure("reduce item failed", error);
      recheckAfter404(error);
    },
    [recheckAfter404],
  );

  const adder = useCountedClicks(ADD_DEBOUNCE_MS, add, onAdded);
  const reducer = useCountedClicks(REDUCE_DEBOUNCE_MS, reduce, onReduced);
  const dismissRefusal = useCallback(() => setRefusal(null), []);
  return { adder, reducer, refusal, dismissRefusal };
}
