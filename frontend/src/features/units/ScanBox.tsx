import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { type RefObject, useState } from "react";

const U = ja.units;

/**
 * The tag box of a scan (a tag typed, or sent by a keyboard-wedge scanner ending with Enter) and the camera's
 * on/off with its picture, and the camera's refusal on a line of its own (so that it never hides the answer to
 * a typed tag): the unit scan dialog and the header's scan share it.
 */
export function ScanBox({
  id,
  inputRef,
  onRead,
  enterKeyHint,
  submitLabel,
  camera,
  onCamera,
  cameraFailed,
  videoRef,
  videoTestId,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The tag as typed; the box is emptied for the next one. */
  onRead: (text: string) => void;
  enterKeyHint: "done" | "go";
  /** A submit button beside the box (the header's scan opens the unit); without it Enter reads. */
  submitLabel?: string;
  camera: boolean;
  onCamera: () => void;
  /** The camera could not start (no camera, permission refused). */
  cameraFailed: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  videoTestId: string;
}) {
  const [text, setText] = useState("");
  return (
    <>
      <form
        className="unit-scan-form"
        onSubmit={(e) => {
          e.preventDefault();
          onRead(text);
          setText("");
        }}
      >
        <label htmlFor={id}>{U.scanInput}</label>
        <input
          id={id}
          ref={inputRef}
          className="p-inputtext"
          value={text}
          autoComplete="off"
          enterKeyHint={enterKeyHint}
          onChange={(e) => setText(e.target.value)}
        />
        {submitLabel ? <Button type="submit" label={submitLabel} /> : null}
        <Button type="button" label={camera ? U.cameraStop : U.camera} outlined onClick={onCamera} />
      </form>
      {camera ? (
        <video ref={videoRef} className="unit-scan-video" muted playsInline data-testid={videoTestId} />
      ) : null}
      {cameraFailed ? (
        <p className="unit-scan-refusal" role="alert">
          {U.cameraFailed}
        </p>
      ) : null}
    </>
  );
}
