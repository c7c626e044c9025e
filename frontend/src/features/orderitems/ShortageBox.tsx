import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { TimesIcon } from "primereact/icons/times";
import { ExclamationCircleIcon } from "../../components/icons/glyphs/ExclamationCircleIcon";
import { primeIcon } from "../../components/icons/primeIcon";
import { ShortageList } from "../../components/ShortageList";
import { WhyShortButton } from "../availability";
import type { AddRefusal } from "./useAllocationClicks";

const closeIcon = primeIcon(TimesIcon);

interface Props {
  refusal: AddRefusal;
  /** The case the refused '+' was for: each short item can say who holds it. */
  caseId: number;
  onClose: () => void;
}

/**
 * A refused add, floating at the bottom of the window: placed in the page's flow it pushed the table's
 * rows down, and the next click landed on the neighbouring item's '+'. It stays until closed or until
 * the next add succeeds.
 */
export function ShortageBox({ refusal, caseId, onClose }: Props) {
  return (
    <div className="error-list short-message" role="alert">
      <ExclamationCircleIcon />
      <div className="short-message-body">
        <strong>{refusal.message}</strong>
        <ShortageList
          shortages={refusal.shortages}
          explain={(s) => (
            <WhyShortButton look="text" itemId={s.item_id} itemTitle={s.title} caseId={caseId} />
          )}
        />
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
