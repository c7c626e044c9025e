import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { MinusIcon } from "primereact/icons/minus";
import { PlusIcon } from "primereact/icons/plus";
import { SpinnerIcon } from "primereact/icons/spinner";
import { createContext, useContext } from "react";
import { primeIcon } from "../../components/icons/primeIcon";

const plusIcon = primeIcon(PlusIcon);
const minusIcon = primeIcon(MinusIcon);
const spinnerIcon = primeIcon(SpinnerIcon, true);

/** The clicks of one card's buttons, by item id (see `useCountedClicks`). */
export interface UnitClicks {
  pending: ReadonlyMap<number, number>;
  busy: ReadonlySet<number>;
}

/**
 * Handed to the buttons through a context rather than through the table's columns: new columns on every
 * click re-created the cells, so the button under the pointer (and its focus) was replaced mid-burst.
 */
export const UnitClicksContext = createContext<UnitClicks>({ pending: new Map(), busy: new Set() });

interface Props {
  /** "plus" adds one unit per click, "minus" gives one back. */
  kind: "plus" | "minus";
  /** The accessible name (アイテムを1つ追加 / 1つ減らす). */
  label: string;
  itemId: number;
  onClick: (itemId: number) => void;
}

/**
 * '+' / '−' of the case detail. Never disabled while busy (PrimeReact's `loading` disables the button and
 * would drop the clicks made meanwhile): the icon turns into a spinner and a badge counts the clicks
 * still to be answered.
 */
export function UnitButton({ kind, label, itemId, onClick }: Props) {
  const clicks = useContext(UnitClicksContext);
  // Clicks not answered yet (gathered or in flight), and whether calls are in flight (the spinner).
  const pending = clicks.pending.get(itemId) ?? 0;
  const busy = clicks.busy.has(itemId);
  const icon = busy ? spinnerIcon : kind === "plus" ? plusIcon : minusIcon;
  return (
    <Button
      type="button"
      icon={icon}
      size="small"
      outlined={kind === "minus"}
      severity={kind === "minus" ? "secondary" : undefined}
      className="unit-button"
      aria-label={pending > 0 ? `${label}${ja.orderitems.pendingClicks(pending)}` : label}
      aria-busy={busy || undefined}
      badge={pending > 0 ? String(pending) : undefined}
      badgeClassName="unit-button-badge"
      onClick={() => onClick(itemId)}
    />
  );
}

/** True while this item's button has clicks waiting or in flight. */
export function useHasPendingClicks(itemId: number): boolean {
  return useContext(UnitClicksContext).pending.has(itemId);
}

/**
 * Takes the place of a '+' that is gone (nothing left to add): the same box, invisible, so the row
 * keeps its height and the rows below do not move under the pointer.
 */
export function UnitButtonPlaceholder() {
  // PrimeReact's own button markup (its label holds a non-breaking space), so the box is the same.
  return (
    <span
      className="p-button p-component p-button-icon-only p-button-sm unit-button unit-button-placeholder"
      aria-hidden="true"
    >
      <PlusIcon className="p-button-icon p-c app-icon" />
      <span className="p-button-label p-c">&nbsp;</span>
    </span>
  );
}
