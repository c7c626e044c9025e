import { ja } from "@zaiko/common/messages/ja";
import type { ReactNode } from "react";
import type { ShortageDto, TentativeHoldDto } from "../lib/allocation";
import { holdLine } from "../lib/shortages";

interface Props {
  shortages: ShortageDto[];
  /** The tentative holds (仮押さえ) among the blockers, with holder and deadline (docs/lifecycle.md). */
  holds?: TentativeHoldDto[];
  /** Shown after an item's line: the screen's "why is it short?" button for it (docs/availability.md). */
  explain?: (shortage: ShortageDto) => ReactNode;
  /** A way to make up for the short item (外部手配で補う, docs/subrental.md), after `explain`. */
  cover?: (shortage: ShortageDto) => ReactNode;
}

/** Which items a refused allocation or period change would overbook, by how many, and whose holds are in the way. */
export function ShortageList({ shortages, holds = [], explain, cover }: Props) {
  if (shortages.length === 0) return null;
  return (
    <>
      <ul className="shortage-list">
        {shortages.map((s) => (
          <li key={s.item_id}>
            {ja.workcases.shortageLine(s.title, s.required, s.available)}
            {explain ? explain(s) : null}
            {cover ? cover(s) : null}
          </li>
        ))}
      </ul>
      {holds.length > 0 ? (
        <div className="hold-list">
          <p className="hold-list-title">{ja.lifecycle.holdsTitle}</p>
          <ul>
            {holds.map((h) => (
              <li key={`${h.case_id}-${h.item_id}`}>{holdLine(h)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
