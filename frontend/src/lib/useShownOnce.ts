import { useEffect, useState } from "react";
import { afterNextPaint, whenFirstScreenShown } from "./firstScreen";

/**
 * True once `ready` has been true and the browser has painted the page with it, after the page load's first
 * screen has been shown (lib/firstScreen.ts; a screen is transparent until then, app/routes.tsx): for what a
 * screen loads after its most important part, so that a phone's slow link and main thread carry that part
 * first. Stays true.
 */
export function useShownOnce(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return;
    let cancel: (() => void) | undefined;
    let live = true;
    void whenFirstScreenShown().then(() => {
      if (live) cancel = afterNextPaint(() => setShown(true));
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [ready, shown]);
  return shown;
}
