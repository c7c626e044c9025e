import { ja } from "@zaiko/common/messages/ja";
import { MinusIcon } from "primereact/icons/minus";
import { PlusIcon } from "primereact/icons/plus";
import { SpinnerIcon } from "primereact/icons/spinner";
import { createContext, useContext } from "react";

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
 * '+' / '−' of the case detail. Never disabled while busy (a disabled button would drop the clicks made
 * meanwhile): the icon turns into a spinner and a badge counts the clicks still to be answered.
 * PrimeReact's Button markup and classes (the theme styles it the same) without its component: the case
 * screen renders two of these per item on a phone, and PrimeReact's per-instance work (styles, pass-through
 * props, ripple) made the screen's first render a long task (docs/frontend.md, "First screen").
 */
export function UnitButton({ kind, label, itemId, onClick }: Props) {
  const clicks = useContext(UnitClicksContext);
  // Clicks not answered yet (gathered or in flight), and whether calls are in flight (the spinner).
  const pending = clicks.pending.get(itemId) ?? 0;
  const busy = clicks.busy.has(itemId);
  const Icon = busy ? SpinnerIcon : kind === "plus" ? PlusIcon : MinusIcon;
  const look = kind === "minus" ? " p-button-outlined p-button-sm p-button-secondary" : " p-button-sm";
  return (
    <button
      type="button"
      className={`unit-button p-button p-component p-button-icon-only${look}`}
      aria-label={pending > 0 ? `${label}${ja.orderitems.pendingClicks(pending)}` : label}
      aria-busy={busy || undefined}
      onClick={() => onClick(itemId)}
    >
      <Icon className="p-button-icon p-c app-icon" spin={busy || undefined} aria-hidden="true" />
      <span className="p-button-label p-c">&nbsp;</span>
      {pending > 0 && (
        <span className="unit-button-badge p-badge p-component p-badge-no-gutter">{pending}</span>
      )}
    </button>
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
