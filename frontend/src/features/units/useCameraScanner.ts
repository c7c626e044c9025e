import { type RefObject, useEffect, useRef } from "react";

/**
 * Runs the camera's code reader (camera.ts, loaded when first needed) on `video` while `active`, handing each
 * code read to the latest `onCode`; stops it when inactive or unmounted. `onFailed` is told when the camera
 * cannot start, unless it was stopped meanwhile (a refusal that arrives after the dialog closed says nothing).
 */
export function useCameraScanner(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (code: string) => void,
  onFailed: () => void,
): void {
  const handlers = useRef({ onCode, onFailed });
  handlers.current = { onCode, onFailed };
  useEffect(() => {
    if (!active || !video.current) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("./camera")
      .then(({ startScanner }) => startScanner(video.current!, (code) => handlers.current.onCode(code)))
      .then((s) => {
        if (cancelled) s();
        else stop = s;
      })
      .catch(() => {
        if (!cancelled) handlers.current.onFailed();
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [active, video]);
}
