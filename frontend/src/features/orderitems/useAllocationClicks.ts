import { ja } from "@zaiko/common/messages/ja";
import { useCallback, useState } from "react";
import { type ShortageDto, shortagesOf, statusOf } from "../../lib/allocation";
import { api } from "../../lib/api";
import { serverDetail } from "../../lib/errors";
import { useAppDispatch } from "../../lib/hooks";
import { type ClickBatchResult, useCountedClicks } from "../../lib/useCountedClicks";
import { useAddItemMutation, useReduceItemMutation } from "./orderItemsApi";

const t = ja.orderitems;
/** Spec §7, §9. */
export const ADD_DEBOUNCE_MS = 300;
export const REDUCE_DEBOUNCE_MS = 100;

/** A refused add: the headline and which items are short. */
export interface AddRefusal {
  message: string;
  shortages: ShortageDto[];
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
    (_itemId: number, { requested, done, error }: ClickBatchResult) => {
      if (error === undefined) {
        setRefusal(null);
        return;
      }
      // Add failures are logged (spec §8); a refusal also says which items are short.
      console.error("add item failed", error);
      recheckAfter404(error);
      const shortages = shortagesOf(error);
      if (shortages.length === 0) return;
      const message =
        requested > 1 ? t.addedPartly(requested, done) : (serverDetail(error) ?? t.shortageTitle);
      setRefusal({ message, shortages });
    },
    [recheckAfter404],
  );
  const onReduced = useCallback(
    (_itemId: number, { error }: ClickBatchResult) => {
      if (error === undefined) return;
      console.error("reduce item failed", error);
      recheckAfter404(error);
    },
    [recheckAfter404],
  );

  const adder = useCountedClicks(ADD_DEBOUNCE_MS, add, onAdded);
  const reducer = useCountedClicks(REDUCE_DEBOUNCE_MS, reduce, onReduced);
  const dismissRefusal = useCallback(() => setRefusal(null), []);
  return { adder, reducer, refusal, dismissRefusal };
}
