import { ja } from "@zaiko/common/messages/ja";
import type { SubRentalDto, SupplierDto } from "@zaiko/common/subrentals/subrentals.schema";
import { todayParts } from "@zaiko/common/today";
import { Button } from "primereact/button";
import { useState } from "react";
import { useSelector } from "react-redux";
import { FormDialog } from "../../components/FormDialog";
import { ErrorList } from "../../components/form/ErrorList";
import { TextField } from "../../components/form/TextField";
import { Page } from "../../components/layout/Page";
import { ShortCaseList } from "../../components/ShortCaseList";
import { businessTimeZone } from "../../lib/businessZone";
import { displayDateTime } from "../../lib/dateTime";
import { serverDetail, serverFieldMessages } from "../../lib/errors";
import { askConfirm, showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";
import { selectSession } from "../../lib/session";
import { shortCasesOf } from "../../lib/shortages";
import { MonthField } from "./MonthField";
import { SubRentalDialog, type SubRentalPrefill } from "./SubRentalDialog";
import {
  useChangeSubRentalStatusMutation,
  useCreateSupplierMutation,
  useDeleteSupplierMutation,
  useExportSubRentalCsvMutation,
  useItemChoicesQuery,
  useListSubRentalsQuery,
  useListSuppliersQuery,
  useUpdateSupplierMutation,
} from "./subrentalsApi";
import "./subrentals.css";

const t = ja.subrentals;
const NONE: never[] = [];

/** The supplier form (新規取引先 / 編集): name, contact, memo. */
function SupplierDialog({ target, onClose }: { target: "new" | SupplierDto | null; onClose: () => void }) {
  const [create, { isLoading: creating }] = useCreateSupplierMutation();
  const [update, { isLoading: updating }] = useUpdateSupplierMutation();
  const editing = target !== null && target !== "new" ? target : null;
  const [values, setValues] = useState({ name: "", contact: "", memo: "" });
  const [errors, setErrors] = useState<string[]>([]);
  const [shown, setShown] = useState<typeof target>(null);
  if (shown !== target) {
    setShown(target);
    setValues({ name: editing?.name ?? "", contact: editing?.contact ?? "", memo: editing?.memo ?? "" });
    setErrors([]);
  }
  const submit = async () => {
    try {
      if (editing) await update({ id: editing.id, ...values }).unwrap();
      else await create(values).unwrap();
      onClose();
    } catch (error) {
      setErrors([serverDetail(error) ?? "", ...serverFieldMessages(error)].filter((m) => m !== ""));
    }
  };
  return (
    <FormDialog
      visible={target !== null}
      title={editing ? t.edit : t.newSupplier}
      busy={creating || updating}
      onCancel={onClose}
      submitLabel={t.save}
      submitDisabled={values.name.trim() === ""}
      onSubmit={submit}
    >
      <ErrorList messages={errors} />
      <TextField
        label={t.supplierName}
        value={values.name}
        onChange={(name) => setValues({ ...values, name })}
      />
      <TextField
        label={t.supplierContact}
        value={values.contact}
        onChange={(contact) => setValues({ ...values, contact })}
      />
      <TextField
        label={t.supplierMemo}
        value={values.memo}
        onChange={(memo) => setValues({ ...values, memo })}
      />
    </FormDialog>
  );
}

/** Here past its 返却予定 (入荷済, not given back): overdue; its units are no longer stock (docs/subrental.md). */
const isOverdue = (row: SubRentalDto, now = Date.now()) =>
  row.status === "received" && Date.parse(row.end_date) < now;

/** Hired units lost or broken at a customer: what the 返却 gives back, and that the supplier must be told. */
function SubRentalLosses({ row }: { row: SubRentalDto }) {
  const losses = t.lossSummary(row.lost_quantity, row.broken_quantity);
  if (!losses) return null;
  return (
    <div className="subrental-alert">
      {losses}（{t.tellSupplier(row.supplier_name)}）
      {row.status === "returned" ? null : `　${t.returnExpected(row.return_quantity)}`}
    </div>
  );
}

const thisMonth = () => {
  const { y, m } = todayParts(new Date(), businessTimeZone());
  return `${y}-${m}`;
};

/** /subrentals (外部手配): the group's suppliers and sub-rentals, live, with their forms and status steps. */
export function SubRentalsPage() {
  const isOwner = useSelector(selectSession).is_owner;
  const suppliers = useListSuppliersQuery();
  const list = useListSubRentalsQuery({});
  const [month, setMonth] = useState(thisMonth);
  const { y, m, d } = todayParts(new Date(), businessTimeZone());
  const [wantItems, setWantItems] = useState(false);
  const items = useItemChoicesQuery(`${y}/${m}/${d}`, { skip: !wantItems });
  const [supplierTarget, setSupplierTarget] = useState<"new" | SupplierDto | null>(null);
  const [prefill, setPrefill] = useState<SubRentalPrefill | null>(null);
  const [deleteSupplier] = useDeleteSupplierMutation();
  const [changeStatus] = useChangeSubRentalStatusMutation();
  const [exportCsv, { isLoading: exporting }] = useExportSubRentalCsvMutation();
  const [refusal, setRefusal] = useState<{ message: string; cases: ReturnType<typeof shortCasesOf> } | null>(
    null,
  );

  const step = async (row: SubRentalDto, status: "received" | "returned" | "cancelled") => {
    setRefusal(null);
    try {
      await changeStatus({ id: row.id, status }).unwrap();
    } catch (error) {
      logFailure("sub-rental status failed", error);
      setRefusal({ message: serverDetail(error) ?? t.actionFailed, cases: shortCasesOf(error) });
    }
  };
  const removeSupplier = async (supplier: SupplierDto) => {
    if (!(await askConfirm(t.deleteSupplierConfirm))) return;
    try {
      await deleteSupplier(supplier.id).unwrap();
    } catch (error) {
      void showAlert(serverDetail(error) ?? t.actionFailed);
    }
  };
  const newSubRental = () => {
    setWantItems(true);
    setPrefill({ item: null, quantity: 1, start: null, end: null, caseId: null });
  };

  return (
    <Page title={t.title} actions={<Button type="button" label={t.newSubRental} onClick={newSubRental} />}>
      {refusal ? (
        <div className="subrental-refusal">
          <ErrorList messages={[refusal.message]} />
          {refusal.cases.length > 0 ? <ShortCaseList groups={refusal.cases} /> : null}
        </div>
      ) : null}
      <section aria-label={t.list} className="subrental-section">
        <h2>{t.list}</h2>
        <div className="subrental-csv">
          <MonthField label={t.month} value={month} onChange={setMonth} />
          <Button
            type="button"
            size="small"
            outlined
            label={t.csv}
            loading={exporting}
            onClick={() => void exportCsv(month)}
          />
        </div>
        {(list.data ?? NONE).length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <ul className="subrental-list">
            {(list.data ?? NONE).map((row) => (
              <li key={row.id} className={`subrental-row subrental-${row.status}`}>
                <div className="subrental-main">
                  <strong>{row.item_title}</strong> × {row.quantity}
                  <span className="subrental-status">{t.statuses[row.status]}</span>
                  {isOverdue(row) ? <span className="subrental-overdue">{t.overdue}</span> : null}
                </div>
                {isOverdue(row) ? (
                  <div className="subrental-alert">{t.overdueSince(displayDateTime(row.end_date))}</div>
                ) : null}
                <SubRentalLosses row={row} />
                <div>
                  {t.supplierName}：{row.supplier_name}
                  {row.case_title ? `　${t.forCase}：${row.case_title}` : ""}
                </div>
                <div>
                  {t.period}：{displayDateTime(row.start_date)} 〜 {displayDateTime(row.end_date)}
                </div>
                {row.cost_memo ? (
                  <div>
                    {t.costMemo}：{row.cost_memo}
                  </div>
                ) : null}
                <div className="subrental-actions">
                  {row.status === "requested" ? (
                    <Button
                      type="button"
                      size="small"
                      label={t.receive}
                      onClick={() => void step(row, "received")}
                    />
                  ) : null}
                  {row.status === "received" ? (
                    <Button
                      type="button"
                      size="small"
                      label={t.giveBack}
                      onClick={() => void step(row, "returned")}
                    />
                  ) : null}
                  {row.status === "requested" || row.status === "received" ? (
                    <>
                      <Button
                        type="button"
                        size="small"
                        outlined
                        label={t.edit}
                        onClick={() =>
                          setPrefill({
                            item: { id: row.item, title: row.item_title },
                            quantity: row.quantity,
                            start: null,
                            end: null,
                            caseId: row.work_case,
                            caseTitle: row.case_title,
                            editing: row,
                          })
                        }
                      />
                      {/* A hire with a report, even a resolved one, is returned, not cancelled (the server refuses). */}
                      {!row.has_reports ? (
                        <Button
                          type="button"
                          size="small"
                          severity="danger"
                          outlined
                          label={t.cancel}
                          onClick={() => void step(row, "cancelled")}
                        />
                      ) : null}
                    </>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={t.suppliersTitle} className="subrental-section">
        <h2>{t.suppliersTitle}</h2>
        <Button type="button" size="small" label={t.newSupplier} onClick={() => setSupplierTarget("new")} />
        {(suppliers.data ?? NONE).length === 0 ? (
          <p>{t.noSuppliers}</p>
        ) : (
          <ul className="subrental-list">
            {(suppliers.data ?? NONE).map((supplier) => (
              <li key={supplier.id} className="subrental-row">
                <strong>{supplier.name}</strong>
                {supplier.contact ? <div>{supplier.contact}</div> : null}
                {supplier.memo ? <div>{supplier.memo}</div> : null}
                <div className="subrental-actions">
                  <Button
                    type="button"
                    size="small"
                    outlined
                    label={t.edit}
                    aria-label={`${supplier.name}を${t.edit}`}
                    onClick={() => setSupplierTarget(supplier)}
                  />
                  {isOwner ? (
                    <Button
                      type="button"
                      size="small"
                      severity="danger"
                      outlined
                      label={t.delete}
                      aria-label={`${supplier.name}を${t.delete}`}
                      onClick={() => void removeSupplier(supplier)}
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <SupplierDialog target={supplierTarget} onClose={() => setSupplierTarget(null)} />
      <SubRentalDialog
        prefill={prefill}
        items={items.data ?? NONE}
        onCancel={() => setPrefill(null)}
        onSaved={() => setPrefill(null)}
      />
    </Page>
  );
}
