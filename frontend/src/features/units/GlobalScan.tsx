import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { AppDialog } from "../../components/AppDialog";
import { BarcodeIcon } from "../../components/icons/glyphs/BarcodeIcon";
import { PlainButton } from "../../components/plain/PlainButton";
import { serverDetail } from "../../lib/errors";
import { ScanBox } from "./ScanBox";
import { scanFeedback } from "./scanFeedback";
import { useLookupUnitMutation } from "./unitsApi";
import { useCameraScanner } from "./useCameraScanner";
import "./unitScan.css";

const U = ja.units;
/** A keyboard-wedge scanner types a label's characters this close together; a person types slower. */
const WEDGE_GAP_MS = 50;
/** Shorter bursts are keys pressed, not a label read. */
const WEDGE_MIN_LENGTH = 3;

/** Whether a key goes to a field (typing there is not a scan outside any field). */
function inField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName);
}

/**
 * The app-wide scan (docs/units.md): a button in the header of every signed-in screen opens the camera; a
 * unit's label read (or its tag typed) opens the unit's page. A keyboard-wedge scanner typing a tag and Enter
 * while no field has the focus does the same. An unknown tag is said in words in the dialog. Loaded lazily
 * by the app layout once signed in: the login screen's first download does not carry it.
 */
export function GlobalScan() {
  const navigate = useNavigate();
  const [lookup] = useLookupUnitMutation();
  const [open, setOpen] = useState(false);
  const [camera, setCamera] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [cameraFailed, setCameraFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  // Opened by the button: the camera starts once the dialog is shown (its video element exists then).
  const withCamera = useRef(false);

  // Closing forgets the camera's refusal: the next opening (the button, or a wedge's unknown tag) starts clean.
  const close = useCallback(() => {
    withCamera.current = false;
    setOpen(false);
    setCamera(false);
    setCameraFailed(false);
  }, []);

  const read = useCallback(
    async (raw: string) => {
      const tag = raw.normalize("NFKC").trim();
      if (!tag || busy.current) return;
      busy.current = true;
      try {
        const unit = await lookup(tag).unwrap();
        scanFeedback(true);
        close();
        navigate(`/units/${unit.id}`);
      } catch (err) {
        scanFeedback(false);
        setMessage(serverDetail(err as never) ?? U.unknownTag(tag));
        setOpen(true);
      } finally {
        busy.current = false;
      }
    },
    [lookup, navigate, close],
  );
  const readRef = useRef(read);
  readRef.current = read;

  // The wedge: fast keys outside any field, then Enter.
  useEffect(() => {
    let buffer = "";
    let last = 0;
    const onKey = (event: KeyboardEvent) => {
      if (inField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const now = Date.now();
      if (now - last > WEDGE_GAP_MS) buffer = "";
      last = now;
      if (event.key === "Enter") {
        if (buffer.length >= WEDGE_MIN_LENGTH) {
          event.preventDefault();
          void readRef.current(buffer);
        }
        buffer = "";
      } else if (event.key.length === 1) buffer += event.key;
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  useCameraScanner(
    video,
    open && camera,
    (code) => void readRef.current(code),
    () => {
      setCameraFailed(true);
      setCamera(false);
    },
  );

  return (
    <>
      <PlainButton
        icon={<BarcodeIcon className="p-button-icon p-c" />}
        className="p-button-text p-button-rounded app-scan-button"
        ariaLabel={U.globalScan}
        onClick={() => {
          setMessage(null);
          withCamera.current = true;
          setOpen(true);
        }}
      />
      {open ? (
        <AppDialog
          title={U.globalScanTitle}
          visible
          onHide={close}
          // Not the box's focus: on a phone it would raise the keyboard over the camera. A wedge scanner is
          // heard by the page's listener while no field has the focus.
          onShow={() => {
            if (withCamera.current) setCamera(true);
            withCamera.current = false;
          }}
          footer={
            <div className="dialog-footer">
              <Button type="button" label={U.cancel} outlined onClick={close} />
            </div>
          }
        >
          <p className="unit-scan-hint">{U.globalScanHint}</p>
          <ScanBox
            id="global-scan-input"
            inputRef={input}
            onRead={(text) => void read(text)}
            enterKeyHint="go"
            submitLabel={U.globalScanOpen}
            camera={camera}
            onCamera={() => {
              setCameraFailed(false);
              setCamera((c) => !c);
            }}
            cameraFailed={cameraFailed}
            videoRef={video}
            videoTestId="global-scan-video"
          />
          <output className="unit-scan-refusal" aria-live="assertive" data-testid="global-scan-message">
            {message ?? ""}
          </output>
        </AppDialog>
      ) : null}
    </>
  );
}
