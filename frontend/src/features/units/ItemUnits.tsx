import type { ItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { unitStatusText } from "@zaiko/common/units/unitStatus";
import type { UnitDto } from "@zaiko/common/units/units.schema";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { useState } from "react";
import { Link } from "react-router-dom";
import { LabelDialog } from "./LabelDialog";
import { unitError } from "./unitError";
import {
  useAddUnitMutation,
  useDownloadUnitsCsvMutation,
  useItemUnitsQuery,
  useRetireUnitMutation,
  useSetTrackingMutation,
} from "./unitsApi";
import "./units.css";

const U = ja.units;

/**
 * The item screen's 個体管理 (docs/units.md): turn tracking on (the stock becomes units) or off, the units with
 * their tag, serial, state and repair count (each links to its page), add one, retire one, print labels, CSV.
 * Live: the list reads again on every `units.changed` of the item.
 */
export function ItemUnits({ item }: { item: ItemDto }) {
  const tracked = item.unit_tracked;
  const units = useItemUnitsQuery(item.id, { refetchOnMountOrArgChange: true });
  const [setTracking, tracking] = useSetTrackingMutation();
  const [addUnit, adding] = useAddUnitMutation();
  const [retire, retiring] = useRetireUnitMutation();
  const [csv] = useDownloadUnitsCsvMutation();
  const [prefix, setPrefix] = useState("");
  const [tag, setTag] = useState("");
  const [serial, setSerial] = useState("");
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [labels, setLabels] = useState(false);
  const [confirm, setConfirm] = useState<null | "off" | UnitDto>(null);
  const [error, setError] = useState<string | null>(null);
  const list = units.data ?? [];
  const active = list.filter((u) => u.status !== "retired");
  const fail = (err: unknown) => setError(unitError(err));
  const labelIds = selected.size > 0 ? [...selected] : active.map((u) => u.id);

  return (
    <section className="item-units" aria-label={U.section}>
      <h3>
        {U.section}：{tracked ? U.tracked : U.untracked}
      </h3>
      {!tracked ? (
        <div className="item-units-on">
          <p>{U.turnOnHint(item.stock_quantity)}</p>
          <label htmlFor="unit-prefix">{U.prefix}</label>
          <InputText
            id="unit-prefix"
            value={prefix}
            placeholder={U.prefixHint}
            onChange={(e) => setPrefix(e.target.value)}
          />
          <Button
            type="button"
            label={U.turnOn}
            loading={tracking.isLoading}
            onClick={() => {
              setError(null);
              setTracking({
                item: item.id,
                tracked: true,
                ...(prefix.trim() ? { prefix: prefix.trim() } : {}),
              })
                .unwrap()
                .catch(fail);
            }}
          />
        </div>
      ) : (
        <>
          <div className="item-units-actions">
            <Button type="button" size="small" label={U.labels} outlined onClick={() => setLabels(true)} />
            <Button
              type="button"
              size="small"
              label="CSV"
              outlined
              onClick={() => void csv({ item: item.id })}
            />
            <Button
              type="button"
              size="small"
              label={U.turnOff}
              severity="secondary"
              outlined
              onClick={() => setConfirm("off")}
            />
          </div>
          <div className="item-units-scroll">
            <table className="item-units-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{U.labels}</span>
                  </th>
                  <th scope="col">{U.tag}</th>
                  <th scope="col">{U.serial}</th>
                  <th scope="col">{U.status}</th>
                  <th scope="col">{U.repairs}</th>
                  <th scope="col">
                    <span className="visually-hidden">{U.retire}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {active.map((u) => (
                  <tr key={u.id} data-unit-id={u.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={u.tag}
                        checked={selected.has(u.id)}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.target.checked) next.add(u.id);
                          else next.delete(u.id);
                          setSelected(next);
                        }}
                      />
                    </td>
                    <td>
                      <Link to={`/units/${u.id}`} aria-label={U.open(u.tag)}>
                        {u.tag}
                      </Link>
                    </td>
                    <td>{u.serial}</td>
                    <td className={`unit-status unit-status--${u.status}`}>{unitStatusText(u)}</td>
                    <td>{u.repairs}</td>
                    <td>
                      <Button
                        type="button"
                        size="small"
                        label={U.retire}
                        severity="danger"
                        text
                        disabled={u.status === "out"}
                        onClick={() => setConfirm(u)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {units.data && active.length === 0 ? <p>{U.none}</p> : null}
          <form
            className="item-units-add"
            onSubmit={(e) => {
              e.preventDefault();
              setError(null);
              addUnit({ item: item.id, tag: tag.trim() || undefined, serial: serial.trim() || undefined })
                .unwrap()
                .then(() => {
                  setTag("");
                  setSerial("");
                })
                .catch(fail);
            }}
          >
            <label htmlFor="unit-tag">{U.tag}</label>
            <InputText
              id="unit-tag"
              value={tag}
              placeholder={U.tagAuto}
              onChange={(e) => setTag(e.target.value)}
            />
            <label htmlFor="unit-serial">{U.serial}</label>
            <InputText id="unit-serial" value={serial} onChange={(e) => setSerial(e.target.value)} />
            <Button type="submit" size="small" label={U.add} loading={adding.isLoading} />
          </form>
        </>
      )}
      {confirm !== null ? (
        <div className="item-units-confirm" role="alertdialog" aria-label={U.section}>
          <p>{confirm === "off" ? U.turnOffConfirm : U.retireConfirm(confirm.tag)}</p>
          <Button type="button" size="small" label={U.cancel} outlined onClick={() => setConfirm(null)} />
          <Button
            type="button"
            size="small"
            severity="danger"
            label={confirm === "off" ? U.turnOff : U.retire}
            loading={tracking.isLoading || retiring.isLoading}
            onClick={() => {
              setError(null);
              const done =
                confirm === "off"
                  ? setTracking({ item: item.id, tracked: false }).unwrap()
                  : retire({ id: confirm.id, item: item.id }).unwrap();
              done
                .then(() => setConfirm(null))
                .catch((err) => {
                  setConfirm(null);
                  fail(err);
                });
            }}
          />
        </div>
      ) : null}
      {error ? (
        <p className="mv-error" role="alert">
          {error}
        </p>
      ) : null}
      <LabelDialog ids={labelIds} visible={labels} onHide={() => setLabels(false)} />
    </section>
  );
}
