import { ja } from "@zaiko/common/messages/ja";
import { unitStatusText } from "@zaiko/common/units/unitStatus";
import type { UnitMovementDto } from "@zaiko/common/units/units.schema";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { Loading } from "../../components/layout/Loading";
import { displayDateTime } from "../../lib/dateTime";
import { serverDetail } from "../../lib/errors";
import { ActivityPanel } from "../history";
import { unitError } from "./unitError";
import { useEditUnitMutation, useResolveUnitMutation, useUnitPageQuery } from "./unitsApi";
import "./units.css";

const U = ja.units;

const kindText = (m: UnitMovementDto) =>
  m.kind === "issue"
    ? ja.movements.issueKind
    : m.disposition === "lost"
      ? ja.outages.historyKind(ja.outages.lostKind)
      : m.disposition === "broken"
        ? ja.outages.historyKind(ja.outages.brokenKind)
        : ja.movements.receiveKind;

/**
 * /units/{id}: a unit's page (docs/units.md), opened from the item screen or by scanning its label. Where it is
 * now (with 発見 / 修理完了 when it is lost or broken), the cases it went out on, its movements, its reports, and
 * its 履歴 entries (live, the history panel of the case and item screens).
 */
export function UnitPage() {
  const id = Number(useParams().id);
  const page = useUnitPageQuery(id, { refetchOnMountOrArgChange: true });
  const [resolve, resolving] = useResolveUnitMutation();
  const [error, setError] = useState<string | null>(null);
  const [edit, editing] = useEditUnitMutation();
  const [form, setForm] = useState<{ tag: string; serial: string; memo: string } | null>(null);
  if (page.isError) {
    return (
      <div className="page">
        <p role="alert">{serverDetail(page.error) ?? ja.errors.notFound}</p>
      </div>
    );
  }
  if (!page.data) return <Loading label={ja.common.loading} />;
  const { unit, movements, cases } = page.data;
  const outages = movements.filter((m) => m.disposition !== "returned");
  return (
    <div className="page unit-page">
      <h1 className="page-title">{U.pageTitle(unit.tag)}</h1>
      <dl>
        <dt>{ja.itemList.title}</dt>
        <dd>{unit.item_title}</dd>
        <dt>{U.serial}</dt>
        <dd>{unit.serial}</dd>
        <dt>{U.memo}</dt>
        <dd>{unit.memo}</dd>
        <dt>{U.whereNow}</dt>
        <dd data-testid="unit-where">
          {unit.out ? (
            <Link to={`/orderitemslist/${unit.out.work_case}`}>{unitStatusText(unit)}</Link>
          ) : (
            unitStatusText(unit)
          )}
        </dd>
        <dt>{U.repairs}</dt>
        <dd>{unit.repairs}</dd>
      </dl>
      {unit.outage ? (
        <Button
          type="button"
          label={unit.outage.kind === "lost" ? U.resolveFound : U.resolveRepaired}
          severity="success"
          loading={resolving.isLoading}
          onClick={() => {
            setError(null);
            resolve({ id: unit.id, item: unit.item })
              .unwrap()
              .catch((err) => setError(unitError(err)));
          }}
        />
      ) : null}
      {unit.status !== "retired" && form === null ? (
        <Button
          type="button"
          label={U.edit}
          outlined
          onClick={() => setForm({ tag: unit.tag, serial: unit.serial, memo: unit.memo })}
        />
      ) : null}
      {form ? (
        <form
          className="item-units-add"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            edit({ id: unit.id, item: unit.item, ...form })
              .unwrap()
              .then(() => setForm(null))
              .catch((err) => setError(unitError(err)));
          }}
        >
          <label htmlFor="unit-edit-tag">{U.tag}</label>
          <InputText
            id="unit-edit-tag"
            value={form.tag}
            onChange={(e) => setForm({ ...form, tag: e.target.value })}
          />
          <label htmlFor="unit-edit-serial">{U.serial}</label>
          <InputText
            id="unit-edit-serial"
            value={form.serial}
            onChange={(e) => setForm({ ...form, serial: e.target.value })}
          />
          <label htmlFor="unit-edit-memo">{U.memo}</label>
          <InputText
            id="unit-edit-memo"
            value={form.memo}
            onChange={(e) => setForm({ ...form, memo: e.target.value })}
          />
          <Button type="button" label={U.cancel} outlined onClick={() => setForm(null)} />
          <Button type="submit" label={U.save} loading={editing.isLoading} />
        </form>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      <h2>{U.cases}</h2>
      {cases.length === 0 ? <p>{U.noRecords}</p> : null}
      <ul>
        {cases.map((c) => (
          <li key={c.work_case}>
            <Link to={`/orderitemslist/${c.work_case}`}>{c.work_case_title}</Link>（
            {displayDateTime(c.start_date)}〜{displayDateTime(c.end_date)}）
          </li>
        ))}
      </ul>
      <h2>{U.movements}</h2>
      {movements.length === 0 ? <p>{U.noRecords}</p> : null}
      <ul data-testid="unit-movements">
        {movements.map((m) => (
          <li key={m.id}>
            {U.movementLine(
              displayDateTime(m.at),
              kindText(m),
              m.work_case_title,
              m.member_name || ja.movements.unknownMember,
            )}
          </li>
        ))}
      </ul>
      <h2>{U.outages}</h2>
      {outages.length === 0 ? <p>{U.noRecords}</p> : null}
      <ul>
        {outages.map((m) => (
          <li key={m.id}>
            {kindText(m)}（{displayDateTime(m.at)}・{m.work_case_title}）
            {m.resolved_at
              ? ` → ${m.disposition === "lost" ? ja.outages.found : ja.outages.repaired} ${displayDateTime(m.resolved_at)}（${m.resolved_by_name ?? ""}）`
              : ""}
          </li>
        ))}
      </ul>
      <ActivityPanel target={{ unitId: unit.id, itemId: unit.item }} title={ja.history.itemTitle} />
      <p>
        <Link to="/warehouse">{ja.warehouse.nav}</Link>
      </p>
    </div>
  );
}
