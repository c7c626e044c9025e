import { ja } from "@zaiko/common/messages/ja";
import { ZIndexUtils } from "primereact/utils";
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";

interface Props {
  /** The field the popup belongs to: it opens below it, or above when there is more room there. */
  anchor: RefObject<HTMLElement | null>;
  label: string;
  /** `refocus`: give the focus back to the field's button (Escape), not when the user clicked away. */
  onClose: (refocus: boolean) => void;
  children: ReactNode;
}

const GAP = 4;

/**
 * The date picker's popup, attached to the body (a dialog must not clip it) and placed beside its field,
 * never over it: below when it fits, else on the side with more room, its height capped to that room
 * (it then scrolls). PrimeReact's own overlay placement falls back to the top of the window when neither
 * side fits, covering the field being edited. Escape and a click elsewhere close it; Escape stops here
 * so the dialog around the field stays open.
 */
export function DatePickerPopup({ anchor, label, onClose, children }: Props) {
  const popup = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSProperties>({ position: "fixed", visibility: "hidden" });
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const el = popup.current;
    if (!el) return;
    const place = () => {
      const field = anchor.current?.getBoundingClientRect();
      if (!field) return;
      const height = el.scrollHeight;
      const width = el.offsetWidth;
      const below = window.innerHeight - field.bottom - 2 * GAP;
      const above = field.top - 2 * GAP;
      const downwards = height <= below || below >= above;
      const room = Math.max(0, downwards ? below : above);
      const shown = Math.min(height, room);
      const left = Math.max(GAP, Math.min(field.left, window.innerWidth - width - GAP));
      setStyle({
        position: "fixed",
        top: downwards ? field.bottom + GAP : field.top - GAP - shown,
        left,
        maxHeight: room,
        overflowY: "auto",
      });
    };
    place();
    ZIndexUtils.set("overlay", el, true);
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, true);
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
      ZIndexUtils.clear(el);
    };
  }, [anchor]);

  // The focus moves in once the popup is placed (a hidden element cannot take it), so Escape and Tab
  // work in the picker at once.
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || style.visibility === "hidden") return;
    focused.current = true;
    popup.current?.focus({ preventScroll: true });
  }, [style]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target || popup.current?.contains(target) || anchor.current?.contains(target)) return;
      close.current(false);
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [anchor]);

  return createPortal(
    <div
      ref={popup}
      className="date-picker-popup"
      style={style}
      role="dialog"
      aria-label={ja.common.picker(label)}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        close.current(true);
      }}
    >
      {children}
    </div>,
    document.body,
  );
}
