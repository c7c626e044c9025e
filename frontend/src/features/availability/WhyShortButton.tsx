import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { useState } from "react";
import { useSelector } from "react-redux";
import { QuestionCircleIcon } from "../../components/icons/glyphs/QuestionCircleIcon";
import { primeIcon } from "../../components/icons/primeIcon";
import { lazyDialog } from "../../components/lazyDialog";
import { selectGroupId } from "../../lib/session";
import type { HoldersArgs } from "./availabilityApi";
import "./availability.css";

const t = ja.availability;
const whyIcon = primeIcon(QuestionCircleIcon);
// Loaded when a 理由 is first opened: a table row draws only its button.
const WhyShortDialog = lazyDialog(async () => (await import("./WhyShortDialog")).WhyShortDialog);

interface Props extends Omit<HoldersArgs, "groupId"> {
  itemTitle: string;
  /** "icon": a small round button (a table cell); "text": 理由 with the icon (a refusal's line). */
  look?: "icon" | "text";
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
      <WhyShortDialog
        visible={open}
        itemTitle={itemTitle}
        args={groupId === null ? null : { ...args, groupId }}
        onHide={() => setOpen(false)}
      />
    </>
  );
}
