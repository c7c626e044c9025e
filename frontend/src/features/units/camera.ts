/**
 * The board's camera scanner (docs/units.md, loaded only when the camera is opened): the browser's
 * BarcodeDetector where it reads QR codes, else the barcode-detector ponyfill (ZXing in WebAssembly), whose
 * .wasm file is served by this app (Vite copies it; no CDN). Reads QR and common 1D codes continuously.
 */
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

const FORMATS = ["qr_code", "code_128", "code_39", "ean_13", "ean_8", "itf", "upc_a", "upc_e", "codabar"];

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

async function detectorClass(): Promise<{ Detector: DetectorClass; native: boolean }> {
  const native = (
    globalThis as { BarcodeDetector?: DetectorClass & { getSupportedFormats(): Promise<string[]> } }
  ).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes("qr_code"))
    return { Detector: native, native: true };
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
    },
  });
  return { Detector: BarcodeDetector as unknown as DetectorClass, native: false };
}

/** Starts the rear camera into `video` and calls `onCode` with every code read; resolves to the stop function. */
export async function startScanner(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
  video.srcObject = stream;
  video.muted = true;
  video.setAttribute("playsinline", "true");
  await video.play();
  const { Detector } = await detectorClass();
  const detector = new Detector({ formats: FORMATS });
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      if (video.readyState >= 2) for (const code of await detector.detect(video)) onCode(code.rawValue);
    } catch {
      // A frame that cannot be read (the camera starting, a resize): the next one is tried.
    }
    if (!stopped) setTimeout(tick, 120);
  };
  void tick();
  return () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
