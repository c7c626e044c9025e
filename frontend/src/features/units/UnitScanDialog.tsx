import { ja } from "@zaiko/common/messages/ja";
import type { UnitDto } from "@zaiko/common/units/units.schema";
import { Button } from "primereact/button";
import { useRef, useState } from "react";
import { AppDialog } from "../../components/AppDialog";
import { isoFromWallClock } from "../../lib/dateTime";
import { serverDetail } from "../../lib/errors";
import { ScanBox } from "./ScanBox";
import { scanFeedback } from "./scanFeedback";
import { unitError } from "./unitError";
import {
  type Disposition,
  refusalOf,
  type ScanLine,
  type UnitRead,
  type UnitScanKind,
  unitMoveBody,
  unitsToScan,
} from "./unitScan";
import { useItemUnitsQuery, useLookupUnitMutation } from "./unitsApi";
import { useCameraScanner } from "./useCameraScanner";
import "./unitScan.css";

const U = ja.units;
/** The same code read again by the camera within this time is the same read (a label stays in view). */
const REPEAT_MS = 2500;

export interface UnitScanProps {
  /** The lines scanned for: one line, or a set's tracked parts (each with its `count`); null: closed. */
  lines: readonly ScanLine[] | null;
  kind: UnitScanKind;
  onHide: () => void;
  /**
   * Sends the body (POST /api/orderitems/{id}/{kind}/, or a set's …/setlines/{id}/{kind}/) through the
   * screen's own mutation, which updates its caches.
   */
  send: (body: object) => Promise<unknown>;
  /** A set's issue (docs/sets.md): its title, and the body is the set's `{units}`. */
  set?: { title: string };
}

/**
 * 出庫 / 入庫 of a tracked line by unit (docs/units.md): each unit is scanned (camera, a wedge scanner into the
 * box, or typed) or picked; every read beeps and buzzes, joins the list or is refused in words (out on another
 * case, not this item, already read). On a receive each read unit is 良品, 紛失 or 故障. Sends the list at once.
 * The board and the shipped item list open it (docs/units.md), each with its own `send`.
 */
export function UnitScanDialog(props: UnitScanProps) {
  return props.lines && props.lines.length > 0 ? <ScanDialog {...props} lines={props.lines} /> : null;
}

/** The units one line may take from the list (一覧から選ぶ): in the warehouse, or out on it. */
function Picks({
  line,
  kind,
  reads,
  onPick,
}: {
  line: ScanLine;
  kind: UnitScanKind;
  reads: readonly UnitRead[];
  onPick: (tag: string) => void;
}) {
  // Live: the list reads again on units.changed of the item.
  const units = useItemUnitsQuery(line.item.id);
  const picks = (units.data ?? []).filter(
    (u) =>
      (kind === "issue" ? u.status === "in" : u.out?.order_item === line.id) &&
      !reads.some((r) => r.unit.id === u.id),
  );
  return picks.map((u) => (
    <Button key={u.id} type="button" size="small" outlined label={u.tag} onClick={() => onPick(u.tag)} />
  ));
}

function ScanDialog({ lines, kind, onHide, send, set }: UnitScanProps & { lines: readonly ScanLine[] }) {
  const [reads, setReads] = useState<UnitRead[]>([]);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [camera, setCamera] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [repairDay, setRepairDay] = useState("");
  const [lookup] = useLookupUnitMutation();
  const [moving, setMoving] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const readsRef = useRef(reads);
  readsRef.current = reads;
  const lastCode = useRef<{ code: string; at: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const take = async (raw: string) => {
    const tag = raw.normalize("NFKC").trim();
    if (!tag) return;
    let unit: UnitDto;
    try {
      unit = await lookup(tag).unwrap();
    } catch (err) {
      scanFeedback(false);
      setMessage({ text: serverDetail(err as never) ?? U.unknownTag(tag), ok: false });
      return;
    }
    const refusal = refusalOf(lines, kind, readsRef.current, unit);
    scanFeedback(refusal === null);
    if (refusal) {
      setMessage({ text: refusal, ok: false });
      return;
    }
    setReads((prev) => [...prev, { unit, disposition: "returned" }]);
    setMessage({ text: unit.tag, ok: true });
  };

  const takeRef = useRef(take);
  takeRef.current = take;

  useCameraScanner(
    video,
    camera,
    (code) => {
      const now = Date.now();
      if (lastCode.current && lastCode.current.code === code && now - lastCode.current.at < REPEAT_MS) return;
      lastCode.current = { code, at: now };
      void takeRef.current(code);
    },
    () => {
      setCameraFailed(true);
      setCamera(false);
    },
  );

  const broken = reads.some((r) => r.disposition === "broken");
  const repairDue = repairDay ? isoFromWallClock(new Date(`${repairDay}T00:00:00`)) : null;
  const title = (kind === "issue" ? U.scanIssueTitle : U.scanReceiveTitle)(
    set?.title ?? lines[0]!.item.title,
  );
  const wanted = lines.reduce((n, line) => n + unitsToScan(line, kind), 0);

  return (
    <AppDialog
      title={title}
      visible
      onHide={onHide}
      // The box takes the focus (not the close button): a wedge scanner types into it at once.
      onShow={() => input.current?.focus()}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={U.cancel} outlined onClick={onHide} />
          <Button
            type="button"
            label={(kind === "issue" ? U.submitIssue : U.submitReceive)(reads.length)}
            disabled={reads.length === 0 || (broken && !repairDue)}
            loading={moving}
            onClick={() => {
              setMoving(true);
              send(set ? { units: reads.map((r) => r.unit.id) } : unitMoveBody(kind, reads, repairDue))
                .then(onHide)
                .catch((err) => {
                  scanFeedback(false);
                  setMessage({ text: unitError(err), ok: false });
                })
                .finally(() => setMoving(false));
            }}
          />
        </div>
      }
    >
      <ScanBox
        id="unit-scan-input"
        inputRef={input}
        onRead={(text) => void take(text)}
        enterKeyHint="done"
        camera={camera}
        onCamera={() => {
          setCameraFailed(false);
          setCamera((c) => !c);
        }}
        cameraFailed={cameraFailed}
        videoRef={video}
        videoTestId="unit-scan-video"
      />
      <output
        className={message && !message.ok ? "unit-scan-refusal" : "unit-scan-ok"}
        aria-live="assertive"
        data-testid="unit-scan-message"
      >
        {message?.text ?? ""}
      </output>
      <h4>
        {U.scanned}（{U.scannedCount(reads.length, wanted)}）
      </h4>
      <ul className="unit-scan-reads" data-testid="unit-scan-reads">
        {reads.map((r) => (
          <li key={r.unit.id}>
            <strong>{r.unit.tag}</strong>
            {kind === "receive" ? (
              <select
                aria-label={`${r.unit.tag} ${U.status}`}
                value={r.disposition}
                onChange={(e) =>
                  setReads((prev) =>
                    prev.map((x) =>
                      x.unit.id === r.unit.id ? { ...x, disposition: e.target.value as Disposition } : x,
                    ),
                  )
                }
              >
                <option value="returned">{U.asReturned}</option>
                <option value="lost">{U.asLost}</option>
                <option value="broken">{U.asBroken}</option>
              </select>
            ) : null}
            <Button
              type="button"
              size="small"
              text
              label={U.remove}
              onClick={() => setReads((prev) => prev.filter((x) => x.unit.id !== r.unit.id))}
            />
          </li>
        ))}
      </ul>
      {broken ? (
        <label className="unit-label-start">
          {ja.outages.repairDueLabel}
          <input type="date" value={repairDay} onChange={(e) => setRepairDay(e.target.value)} />
        </label>
      ) : null}
      <details>
        <summary>{U.pick}</summary>
        <div className="unit-scan-pick">
          {lines.map((line) => (
            <Picks key={line.id} line={line} kind={kind} reads={reads} onPick={(tag) => void take(tag)} />
          ))}
        </div>
      </details>
    </AppDialog>
  );
}
