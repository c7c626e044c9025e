import { type RefObject, useEffect, useState } from "react";

/** Whether a sideways scrolling box has more to show before (left) or after (right) what is in view. */
export interface ScrollEdges {
  before: boolean;
  after: boolean;
}

const NONE: ScrollEdges = { before: false, after: false };

/**
 * Follows a scroll box's horizontal position, so the table can draw a shadow on the side where columns are
 * hidden: on a phone the week grid's days were cut at the box's edge with nothing saying there was more.
 * Watched on scroll and whenever the box or its content changes size (rows arrive, the window turns).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState(NONE);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      // One pixel of slack: zoomed pages report fractional widths.
      const hidden = box.scrollWidth - box.clientWidth;
      const before = box.scrollLeft > 1;
      const after = hidden - box.scrollLeft > 1;
      setEdges((prev) => (prev.before === before && prev.after === after ? prev : { before, after }));
    };
    box.addEventListener("scroll", update, { passive: true });
    // jsdom (component tests) has no ResizeObserver.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    // The observer reports the first sizes itself, after the browser's own layout; reading the widths here
    // forced a layout of the whole page in the middle of the screen's first render.
    if (!observer) update();
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener("scroll", update);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}
