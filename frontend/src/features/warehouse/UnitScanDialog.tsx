import { ja } from "@zaiko/common/messages/ja";
import type { UnitDto } from "@zaiko/common/units/units.schema";
import type { WarehouseRowDto } from "@zaiko/common/warehouse/warehouse.schema";
import { Button } from "primereact/button";
import { useEffect, useRef, useState } from "react";
import { AppDialog } from "../../components/AppDialog";
import { isoFromWallClock } from "../../lib/dateTime";
import { serverDetail } from "../../lib/errors";
import { unitError, useItemUnitsQuery, useLookupUnitMutation } from "../units";
import { scanFeedback } from "./scanFeedback";
import { type Disposition, refusalOf, type UnitRead, type UnitScanKind, unitMoveBody } from "./unitScan";
import { useWarehouseUnitMoveMutation } from "./warehouseApi";

const U = ja.units;
/** The same code read again by the camera within this time is the same read (a label stays in view). */
const REPEAT_MS = 2500;

interface Props {
  row: WarehouseRowDto;
  kind: UnitScanKind;
  onHide: () => void;
}

/**
 * 出庫 / 入庫 of a tracked line by unit (docs/units.md): each unit is scanned (camera, a wedge scanner into the
 * box, or typed) or picked; every read beeps and buzzes, joins the list or is refused in words (out on another
 * case, not this item, already read). On a receive each read unit is 良品, 紛失 or 故障. Sends the list at once.
 */
export function UnitScanDialog({ row, kind, onHide }: Props) {
  const [reads, setReads] = useState<UnitRead[]>([]);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [text, setText] = useState("");
  const [camera, setCamera] = useState(false);
  const [repairDay, setRepairDay] = useState("");
  const [lookup] = useLookupUnitMutation();
  const [move, moving] = useWarehouseUnitMoveMutation();
  const units = useItemUnitsQuery(row.item.id, { skip: kind !== "issue" });
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
    const refusal = refusalOf(row, kind, readsRef.current, unit);
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
  // The box takes the focus: a wedge scanner types into it at once.
  useEffect(() => input.current?.focus(), []);

  useEffect(() => {
    if (!camera || !video.current) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("./camera")
      .then(({ startScanner }) =>
        startScanner(video.current!, (code) => {
          const now = Date.now();
          if (lastCode.current && lastCode.current.code === code && now - lastCode.current.at < REPEAT_MS)
            return;
          lastCode.current = { code, at: now };
          void takeRef.current(code);
        }),
      )
      .then((s) => {
        if (cancelled) s();
        else stop = s;
      })
      .catch(() => {
        setMessage({ text: U.cameraFailed, ok: false });
        setCamera(false);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [camera]);

  const picks =
    kind === "issue"
      ? (units.data ?? []).filter((u) => u.status === "in" && !reads.some((r) => r.unit.id === u.id))
      : (row.units_out ?? []).filter((u) => !reads.some((r) => r.unit.id === u.id));
  const broken = reads.some((r) => r.disposition === "broken");
  const repairDue = repairDay ? isoFromWallClock(new Date(`${repairDay}T00:00:00`)) : null;
  const title = (kind === "issue" ? U.scanIssueTitle : U.scanReceiveTitle)(row.item.title);

  return (
    <AppDialog
      title={title}
      visible
      onHide={onHide}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={U.cancel} outlined onClick={onHide} />
          <Button
            type="button"
            label={(kind === "issue" ? U.submitIssue : U.submitReceive)(reads.length)}
            disabled={reads.length === 0 || (broken && !repairDue)}
            loading={moving.isLoading}
            onClick={() => {
              move({ id: row.id, kind, body: unitMoveBody(kind, reads, repairDue) })
                .unwrap()
                .then(onHide)
                .catch((err) => {
                  scanFeedback(false);
                  setMessage({ text: unitError(err), ok: false });
                });
            }}
          />
        </div>
      }
    >
      <form
        className="unit-scan-form"
        onSubmit={(e) => {
          e.preventDefault();
          void take(text);
          setText("");
        }}
      >
        <label htmlFor="unit-scan-input">{U.scanInput}</label>
        <input
          id="unit-scan-input"
          ref={input}
          className="p-inputtext"
          value={text}
          autoComplete="off"
          enterKeyHint="done"
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          type="button"
          label={camera ? U.cameraStop : U.camera}
          outlined
          onClick={() => setCamera((c) => !c)}
        />
      </form>
      {camera ? (
        <video ref={video} className="unit-scan-video" muted playsInline data-testid="unit-scan-video" />
      ) : null}
      <output
        className={message && !message.ok ? "unit-scan-refusal" : "unit-scan-ok"}
        aria-live="assertive"
        data-testid="unit-scan-message"
      >
        {message?.text ?? ""}
      </output>
      <h4>
        {U.scanned}（
        {U.scannedCount(
          reads.length,
          kind === "issue" ? row.order_quantity - row.issued_quantity : (row.units_out ?? []).length,
        )}
        ）
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
      {picks.length > 0 ? (
        <details>
          <summary>{U.pick}</summary>
          <div className="unit-scan-pick">
            {picks.map((u) => (
              <Button
                key={u.id}
                type="button"
                size="small"
                outlined
                label={u.tag}
                onClick={() => void take(u.tag)}
              />
            ))}
          </div>
        </details>
      ) : null}
    </AppDialog>
  );
}
