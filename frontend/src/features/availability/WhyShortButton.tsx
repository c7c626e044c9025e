import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { useState } from "react";
import { useSelector } from "react-redux";
import { AppDialog } from "../../components/AppDialog";
import { QuestionCircleIcon } from "../../components/icons/glyphs/QuestionCircleIcon";
import { primeIcon } from "../../components/icons/primeIcon";
import { selectGroupId } from "../../lib/session";
import { type HoldersArgs, useItemHoldersQuery } from "./availabilityApi";
import { WhyShortPanel } from "./WhyShortPanel";
import "./availability.css";

const t = ja.availability;
const whyIcon = primeIcon(QuestionCircleIcon);

interface Props extends Omit<HoldersArgs, "groupId"> {
  itemTitle: string;
  /** "icon": a small round button (a table cell); "text": 理由 with the icon (a refusal's line). */
  look?: "icon" | "text";
}

function WhyShortBody({ args }: { args: HoldersArgs }) {
  const query = useItemHoldersQuery(args);
  if (query.data) return <WhyShortPanel data={query.data} />;
  if (query.isError) return <p role="alert">{t.loadFailed}</p>;
  return <p>{t.loading}</p>;
}

/**
 * 理由: opens which cases hold the item over the case's window (or the given one) and from when the wanted
 * units are free, live while open.
 */
export function WhyShortButton({ itemTitle, look = "icon", ...args }: Props) {
  const groupId = useSelector(selectGroupId);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        icon={whyIcon}
        label={look === "text" ? t.whyShort : undefined}
        text
        rounded={look === "icon"}
        size="small"
        severity="warning"
        className={`why-button why-button-${look}`}
        aria-label={t.whyButton(itemTitle)}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      />
      <AppDialog title={t.whyTitle(itemTitle)} visible={open} onHide={() => setOpen(false)}>
        {open && groupId !== null ? <WhyShortBody args={{ ...args, groupId }} /> : null}
      </AppDialog>
    </>
  );
}
