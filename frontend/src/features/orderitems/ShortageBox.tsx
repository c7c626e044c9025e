import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { TimesIcon } from "primereact/icons/times";
import { useLayoutEffect, useRef } from "react";
import { ExclamationCircleIcon } from "../../components/icons/glyphs/ExclamationCircleIcon";
import { primeIcon } from "../../components/icons/primeIcon";
import { WhyShortButton } from "../availability";
import { CoverWithHireButton } from "../subrentals";
import type { AddRefusal } from "./useAllocationClicks";

const closeIcon = primeIcon(TimesIcon);

interface Props {
  refusal: AddRefusal;
  /** The case the refused '+' was for: each short item can say who holds it. */
  caseId: number;
  caseTitle?: string | null;
  onClose: () => void;
  /** Retries the refused clicks of an item once hired units cover them (外部手配で補う); absent: not offered. */
  onRetry?: (itemId: number, times: number) => void;
}

/**
 * A refused add, floating at the bottom of the window: placed in the page's flow it pushed the table's
 * rows down, and the next click landed on the neighbouring item's '+'. It stays until closed or until
 * the next add succeeds.
 */
export function ShortageBox({ refusal, caseId, caseTitle, onClose, onRetry }: Props) {
  const box = useRef<HTMLDivElement>(null);
  // The box floats over the page's end (the shipped table's pager): while it is shown the page gets room
  // below its content as tall as the box, so everything can be scrolled above it.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const room = () => {
      document.body.style.paddingBottom = `${el.offsetHeight + 24}px`;
    };
    room();
    // jsdom (component tests) has no ResizeObserver.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(room);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      document.body.style.paddingBottom = "";
    };
  }, []);
  return (
    <div ref={box} className="error-list short-message" role="alert">
      <ExclamationCircleIcon />
      <div className="short-message-body">
        <strong>{refusal.message}</strong>
        {/* The clicked item and its 理由, asked for the units the user still wants (not one more than
            the case holds): the headline already says how many could not be added and how many were free. */}
        <ul className="shortage-list">
          {refusal.shortages.map((s) => (
            <li key={s.item_id}>
              {s.title}
              <WhyShortButton
                look="text"
                itemId={s.item_id}
                itemTitle={s.title}
                caseId={caseId}
                more={refusal.moreOf?.[s.item_id] ?? refusal.refused}
              />
              {onRetry ? (
                <CoverWithHireButton
                  itemId={s.item_id}
                  itemTitle={s.title}
                  caseId={caseId}
                  caseTitle={caseTitle}
                  more={refusal.moreOf?.[s.item_id] ?? refusal.refused}
                  onCovered={() => onRetry(s.item_id, refusal.refused)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <Button
        type="button"
        icon={closeIcon}
        text
        rounded
        severity="danger"
        size="small"
        className="short-message-close"
        aria-label={ja.common.close}
        onClick={onClose}
      />
    </div>
  );
}
