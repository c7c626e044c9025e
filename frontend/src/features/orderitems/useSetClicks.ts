import { ja } from "@zaiko/common/messages/ja";
import type { CaseSetLineDto, ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { useCallback, useState } from "react";
import { logFailure } from "../../lib/logFailure";
import { shortagesOf } from "../../lib/shortages";
import { type ClickBatchResult, useCountedClicks } from "../../lib/useCountedClicks";
import { useAddSetMutation, useReduceSetLineMutation } from "./setLinesApi";
import type { AddRefusal } from "./useAllocationClicks";
import { ADD_DEBOUNCE_MS, REDUCE_DEBOUNCE_MS } from "./useAllocationClicks";

/**
 * ± of the sets on the case detail (docs/sets.md), counted like the items' (useCountedClicks: every click is
 * one set, sent one after another). A refused + names the short parts; each part's 理由 asks for the units
 * the refused sets need of it.
 */
export function useSetClicks(
  caseId: number,
  groupId: number | null,
  sets: readonly ItemSetDto[],
  lines: readonly CaseSetLineDto[],
) {
  const [addSet] = useAddSetMutation();
  const [reduceSetLine] = useReduceSetLineMutation();
  const [refusal, setRefusal] = useState<AddRefusal | null>(null);

  const add = useCallback(
    (setId: number) => (groupId === null ? Promise.resolve() : addSet({ setId, caseId, groupId }).unwrap()),
    [addSet, caseId, groupId],
  );
  const reduce = useCallback(
    (lineId: number) => {
      const line = lines.find((l) => l.id === lineId);
      if (groupId === null || !line) return Promise.resolve();
      return reduceSetLine({ line, caseId, groupId }).unwrap();
    },
    [reduceSetLine, lines, caseId, groupId],
  );
  const onAdded = useCallback(
    (setId: number, { requested, done, error }: ClickBatchResult) => {
      if (error === undefined) {
        setRefusal(null);
        return;
      }
      logFailure("add set failed", error);
      const shortages = shortagesOf(error);
      if (shortages.length === 0) return;
      const set = sets.find((s) => s.id === setId);
      const parts = lines.find((l) => l.set === setId)?.parts ?? set?.parts ?? [];
      const refused = Math.max(1, requested - done);
      setRefusal({
        message: ja.sets.notAdded(set?.title ?? "", refused),
        shortages,
        refused,
        moreOf: Object.fromEntries(parts.map((p) => [p.item, p.quantity * refused])),
      });
    },
    [sets, lines],
  );
  const onReduced = useCallback((_lineId: number, { error }: ClickBatchResult) => {
    // Refused or failed '−' are only logged, as the items' (spec §8).
    if (error !== undefined) logFailure("reduce set failed", error);
  }, []);

  const setAdder = useCountedClicks(ADD_DEBOUNCE_MS, add, onAdded);
  const setReducer = useCountedClicks(REDUCE_DEBOUNCE_MS, reduce, onReduced);
  const dismissSetRefusal = useCallback(() => setRefusal(null), []);
  return { setAdder, setReducer, setRefusal: refusal, dismissSetRefusal };
}
