import { ja } from "@zaiko/common/messages/ja";
import type { CaseSetLineDto } from "@zaiko/common/sets/sets.schema";
import { ChevronDownIcon } from "primereact/icons/chevrondown";
import { ChevronRightIcon } from "primereact/icons/chevronright";
import { useState } from "react";
import { UnitButton, type UnitClicks, UnitClicksContext } from "./UnitButton";

const s = ja.sets;

interface Props {
  lines: readonly CaseSetLineDto[];
  /** ± clicks, keyed by set id ('+') and by line id ('−'). */
  addClicks: UnitClicks;
  reduceClicks: UnitClicks;
  onAdd: (setId: number) => void;
  onReduce: (lineId: number) => void;
  canAdd: boolean;
  /** Sets the case can still take, by set id (the '+' shows only while above 0, as an item's). */
  shippableOf: (setId: number) => number;
}

/** One set line: its title, sets booked, ±, and its parts folded under it (the units the sets hold). */
function SetLine({
  line,
  addClicks,
  reduceClicks,
  onAdd,
  onReduce,
  canAdd,
  shippableOf,
}: Omit<Props, "lines"> & { line: CaseSetLineDto }) {
  const [open, setOpen] = useState(false);
  const partsId = `set-line-parts-${line.id}`;
  const Chevron = open ? ChevronDownIcon : ChevronRightIcon;
  return (
    <li className="set-line">
      <div className="set-line-head">
        <button
          type="button"
          className="set-line-toggle"
          aria-expanded={open}
          aria-controls={partsId}
          aria-label={s.showParts(line.title)}
          onClick={() => setOpen((o) => !o)}
        >
          <Chevron className="app-icon" aria-hidden="true" />
        </button>
        <span className="set-line-title">{line.title}</span>
        <span className="set-line-count">{s.count(line.quantity)}</span>
        <span className="set-line-buttons">
          <UnitClicksContext.Provider value={reduceClicks}>
            <UnitButton kind="minus" label={s.reduce(line.title)} itemId={line.id} onClick={onReduce} />
          </UnitClicksContext.Provider>
          {line.set !== null && canAdd && (shippableOf(line.set) > 0 || addClicks.pending.has(line.set)) ? (
            <UnitClicksContext.Provider value={addClicks}>
              <UnitButton kind="plus" label={s.add(line.title)} itemId={line.set} onClick={onAdd} />
            </UnitClicksContext.Provider>
          ) : null}
        </span>
      </div>
      {open ? (
        <div id={partsId} className="set-line-parts">
          {line.set === null ? <p className="set-line-note">{s.deleted}</p> : null}
          {line.changed ? <p className="set-line-note">{s.changed}</p> : null}
          <ul>
            {line.parts.map((p) => (
              <li key={p.item}>{s.part(p.title, p.quantity, p.quantity * line.quantity)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/** The sets booked on the case, above its items booked alone (docs/sets.md). Nothing for a case without sets. */
export function ShippedSetLines({ lines, ...rest }: Props) {
  if (lines.length === 0) return null;
  return (
    <section className="set-lines" aria-label={s.heading}>
      <ul>
        {lines.map((line) => (
          <SetLine key={line.id} line={line} {...rest} />
        ))}
      </ul>
    </section>
  );
}
