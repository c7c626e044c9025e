import { skipToken } from "@reduxjs/toolkit/query";
import { ja } from "@zaiko/common/messages/ja";
import type { CaseStatus } from "@zaiko/common/workcases/workcases.schema";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { PlusIcon } from "primereact/icons/plus";
import { TimesIcon } from "primereact/icons/times";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useSelector } from "react-redux";
import { useNavigate, useSearchParams } from "react-router-dom";
import { DataTable } from "../../components/DataTable";
import { DateTimeField } from "../../components/form/DateTimeField";
import { dropdownNames } from "../../components/form/dropdownNames";
import { primeIcon } from "../../components/icons/primeIcon";
import { Loading } from "../../components/layout/Loading";
import { Page } from "../../components/layout/Page";
import { lazyDialog } from "../../components/lazyDialog";
import { ShortageList } from "../../components/ShortageList";
import type { ShortageDto, TentativeHoldDto, WorkCaseDto } from "../../lib/allocation";
import { serverFieldMessages } from "../../lib/errors";
import { selectGroupId } from "../../lib/session";
import { shortageLinesOf, shortagesOf, tentativeHoldsOf } from "../../lib/shortages";
import { WhyShortButton } from "../availability";
import { CoverWithHireButton } from "../subrentals";
import { CaseRangeButtons } from "./CaseRangeButtons";
import { type CaseRange, casesInSpan, rangeOfParam, spanOf } from "./caseRange";
import { filterByDay } from "./periodFilter";
import { caseListQuery } from "./requests";
import { workCaseColumns } from "./workCaseColumns";
import {
  emptyWorkCaseForm,
  holdBody,
  type WorkCaseFormValues,
  workCaseBody,
  workCaseFormOf,
} from "./workCaseForm";
import {
  useCreateWorkCaseMutation,
  useDeleteWorkCaseMutation,
  useDuplicateWorkCaseMutation,
  useListWorkCasesQuery,
  useUpdateWorkCaseMutation,
} from "./workcasesApi";
import "../../components/allocation.css";
import { SearchField } from "../../components/form/SearchField";
import { businessDay } from "../../lib/dateTime";
import { askConfirm, notifySuccess, showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";

// Loaded when first opened: the form (zod, the date pickers) and the dialogs are not needed to draw the list.
const WorkCaseFormDialog = lazyDialog(async () => (await import("./WorkCaseFormDialog")).WorkCaseFormDialog);
const ConfirmDeleteDialog = lazyDialog(
  async () => (await import("../../components/ConfirmDeleteDialog")).ConfirmDeleteDialog,
);
const NoticeDialog = lazyDialog(async () => (await import("../../components/NoticeDialog")).NoticeDialog);

const createIcon = primeIcon(PlusIcon);
const clearIcon = primeIcon(TimesIcon);
const NO_CASES: WorkCaseDto[] = [];
const UPCOMING_SORT = { id: "start_date", desc: false };
const ALL_CASES_SORT = { id: "end_date", desc: true };
const getRowId = (c: WorkCaseDto) => String(c.id);
const t = ja.workcases;

const STATUS_OPTIONS = [
  { label: ja.lifecycle.allStatuses, value: "all" },
  { label: ja.lifecycle.tentative, value: "tentative" },
  { label: ja.lifecycle.confirmed, value: "confirmed" },
  { label: ja.lifecycle.cancelled, value: "cancelled" },
];

type FormState = { mode: "create" } | { mode: "edit"; workcase: WorkCaseDto };

/** /workcase (案件一覧): the group's work cases, live, with period and title search. */
export function WorkCaseListPage() {
  const groupId = useSelector(selectGroupId);
  const casesQuery = useListWorkCasesQuery(groupId === null ? skipToken : caseListQuery(groupId).arg);
  const [createCase, { isLoading: creating }] = useCreateWorkCaseMutation();
  const navigate = useNavigate();
  const [updateCase, { isLoading: updating }] = useUpdateWorkCaseMutation();
  const [deleteCase, { isLoading: deleting }] = useDeleteWorkCaseMutation();
  const [duplicateCase] = useDuplicateWorkCaseMutation();

  const [search, setSearch] = useState("");
  const [day, setDay] = useState<Date | null>(null);
  // In the URL, so the way back from a case (or a shared link) shows the same cases.
  const [params, setParams] = useSearchParams();
  const range: CaseRange = rangeOfParam(params.get("range")) ?? "upcoming";
  const chooseRange = useCallback(
    (next: CaseRange) => {
      setDay(null);
      setParams(next === "upcoming" ? {} : { range: next }, { replace: true });
    },
    [setParams],
  );
  const [form, setForm] = useState<FormState | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<WorkCaseDto | null>(null);
  const [lastDeleteTarget, setLastDeleteTarget] = useState<WorkCaseDto | null>(null);
  const [refused, setRefused] = useState<{
    shortages: ShortageDto[];
    holds: TentativeHoldDto[];
    /** The case and the period it was refused (理由: who holds each short item then). */
    caseId: number;
    start: string;
    end: string;
    /** The refused edit again (after 外部手配で補う covered the missing units). */
    retry: () => void;
  } | null>(null);
  const [statusFilter, setStatusFilter] = useState<CaseStatus | "all">("all");
  const statusFilterId = useId();
  const [duplicatingId, setDuplicatingId] = useState<number | null>(null);

  useEffect(() => {
    if (casesQuery.isError) {
      logFailure("work case list fetch failed", casesQuery.error);
      void showAlert(t.fetchFailed);
    }
  }, [casesQuery.isError, casesQuery.error]);

  const openCreate = useCallback(() => {
    setForm({ mode: "create" });
    setFormOpen(true);
  }, []);
  const openEdit = useCallback((workcase: WorkCaseDto) => {
    setForm({ mode: "edit", workcase });
    setFormOpen(true);
  }, []);
  const askDelete = useCallback((workcase: WorkCaseDto) => {
    setLastDeleteTarget(workcase);
    setToDelete(workcase);
  }, []);
  const onDuplicate = useCallback(
    (workcase: WorkCaseDto) => {
      if (groupId === null) return;
      // A copy with all its shipped items is not undone by one click: ask first (issue 21).
      void askConfirm(ja.feedback.duplicateConfirm, {
        target: workcase.title,
        note: ja.feedback.duplicateConfirmNote,
        confirmLabel: ja.feedback.duplicateConfirmLabel,
      }).then((confirmed) => {
        if (!confirmed) return;
        setDuplicatingId(workcase.id);
        duplicateCase({ id: workcase.id, groupId })
          .unwrap()
          .then(() => notifySuccess(ja.feedback.caseDuplicated))
          .catch((error: unknown) => {
            logFailure("work case duplicate failed", error);
            // The spec's alert; a 409 for lack of stock adds one line per short item.
            void showAlert(t.duplicateFailed, { details: shortageLinesOf(error) });
          })
          .finally(() => setDuplicatingId(null));
      });
    },
    [groupId, duplicateCase],
  );

  const columns = useMemo(
    () => workCaseColumns({ onEdit: openEdit, onDelete: askDelete, onDuplicate, duplicatingId }),
    [openEdit, askDelete, onDuplicate, duplicatingId],
  );
  const rows = useMemo(() => {
    const cases = casesQuery.data ?? NO_CASES;
    // A day picked in 期間検索 is a range of its own; the buttons' range applies otherwise.
    const inPeriod = day
      ? filterByDay(cases, day)
      : casesInSpan(cases, spanOf(range, businessDay(new Date()) ?? ""));
    return statusFilter === "all" ? inPeriod : inPeriod.filter((c) => c.status === statusFilter);
  }, [casesQuery.data, day, range, statusFilter]);
  // What runs now and next, soonest first; the whole history, the latest first.
  const initialSort = range === "all" || day ? ALL_CASES_SORT : UPCOMING_SORT;

  const initialValues = useMemo<WorkCaseFormValues>(() => {
    if (form?.mode !== "edit") return emptyWorkCaseForm;
    return workCaseFormOf(form.workcase);
  }, [form]);

  const submit = async (values: WorkCaseFormValues) => {
    const { title, start_date, end_date, note } = workCaseBody(values);
    if (groupId === null || !form || start_date === null || end_date === null) return;
    const body = { title, start_date, end_date, note, groupId };
    if (form.mode === "create") {
      try {
        const created = await createCase({ ...body, ...holdBody(values) }).unwrap();
        setFormOpen(false);
        notifySuccess(ja.feedback.caseCreated);
        // A coordinator creates a case to put equipment on it: open its 案件詳細 (issue 36). Left on the
        // list, the new case was often not on page 1 and nothing led to it.
        navigate(`/orderitems/${created.id}`);
      } catch (error) {
        logFailure("work case create failed", error);
        // The spec's alert; a refused deadline (in the past by now) adds the server's reason.
        void showAlert(t.saveFailed, { details: serverFieldMessages(error) });
      }
      return;
    }
    const caseId = form.workcase.id;
    const saveEdit = async () => {
      try {
        await updateCase({ ...body, id: caseId }).unwrap();
        setRefused(null);
        setFormOpen(false);
        notifySuccess(ja.feedback.caseUpdated);
      } catch (error) {
        // Any edit error opens 変更不可 (spec §8); a 409 also says which items are short.
        logFailure("work case edit failed", error);
        setRefused({
          shortages: shortagesOf(error),
          holds: tentativeHoldsOf(error),
          caseId,
          start: start_date,
          end: end_date,
          retry: () => void saveEdit(),
        });
      }
    };
    await saveEdit();
  };

  const confirmDelete = async () => {
    if (!toDelete || groupId === null) return;
    try {
      await deleteCase({ id: toDelete.id, groupId }).unwrap();
      setToDelete(null);
      notifySuccess(t.deleted);
    } catch (error) {
      logFailure("work case delete failed", error);
      void showAlert(t.deleteFailed);
    }
  };

  return (
    <Page
      title={t.title}
      actions={<Button type="button" label={t.create} icon={createIcon} onClick={openCreate} />}
    >
      <CaseRangeButtons value={day ? null : range} onChange={chooseRange} />
      <div className="list-toolbar case-toolbar">
        <div className="case-day-search">
          <DateTimeField
            label={t.periodSearch}
            value={day}
            onChange={setDay}
            showTime={false}
            showButtonBar
          />
          {day ? (
            <Button
              type="button"
              icon={clearIcon}
              text
              rounded
              aria-label={t.clearDate}
              onClick={() => setDay(null)}
              className="case-day-clear"
            />
          ) : null}
        </div>
        <div className="case-status-filter">
          <label htmlFor={statusFilterId} className="visually-hidden">
            {ja.lifecycle.statusFilter}
          </label>
          <Dropdown
            inputId={statusFilterId}
            value={statusFilter}
            options={STATUS_OPTIONS}
            onChange={(e) => setStatusFilter(e.value as CaseStatus | "all")}
            ariaLabel={ja.lifecycle.statusFilter}
            pt={dropdownNames(ja.lifecycle.statusFilter)}
            className="case-status-select"
          />
        </div>
        <div className="list-search case-search">
          <SearchField label={t.search} value={search} onChange={setSearch} />
          {search ? (
            <Button
              type="button"
              icon={clearIcon}
              text
              rounded
              aria-label={t.clearSearch}
              onClick={() => setSearch("")}
            />
          ) : null}
        </div>
      </div>
      {/* Until the first answer, a spinner rather than an empty table: the table growing under the
          toolbar moved its pager (a layout shift) on every visit. */}
      {casesQuery.isLoading ? (
        <Loading label={ja.common.loading} />
      ) : (
        <DataTable
          // A new sort order starts the table afresh (on page 1).
          key={initialSort.id}
          label={t.title}
          data={rows}
          columns={columns}
          getRowId={getRowId}
          globalFilter={search}
          initialSort={initialSort}
          loading={casesQuery.isLoading}
          phoneLayout="stack"
        />
      )}
      <WorkCaseFormDialog
        visible={formOpen}
        mode={form?.mode ?? "create"}
        initial={initialValues}
        busy={creating || updating}
        onCancel={() => setFormOpen(false)}
        onSubmit={(values) => void submit(values)}
      />
      <ConfirmDeleteDialog
        visible={toDelete !== null}
        title={t.deleteTitle}
        question={t.deleteConfirm}
        confirmLabel={t.delete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p className="dialog-target">{lastDeleteTarget?.title}</p>
      </ConfirmDeleteDialog>
      <NoticeDialog visible={refused !== null} title={t.refusedTitle} onClose={() => setRefused(null)}>
        <p className="dialog-question">{t.refusedBody}</p>
        <ShortageList
          shortages={refused?.shortages ?? []}
          holds={refused?.holds ?? []}
          explain={(s) =>
            refused ? (
              <WhyShortButton
                look="text"
                itemId={s.item_id}
                itemTitle={s.title}
                caseId={refused.caseId}
                start={refused.start}
                end={refused.end}
                more={0}
              />
            ) : null
          }
          cover={(s) =>
            refused ? (
              <CoverWithHireButton
                itemId={s.item_id}
                itemTitle={s.title}
                caseId={refused.caseId}
                start={refused.start}
                end={refused.end}
                more={0}
                onCovered={refused.retry}
              />
            ) : null
          }
        />
      </NoticeDialog>
    </Page>
  );
}
