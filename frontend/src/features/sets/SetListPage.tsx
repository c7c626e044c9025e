import { skipToken } from "@reduxjs/toolkit/query";
import { ja } from "@zaiko/common/messages/ja";
import type { ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { Button } from "primereact/button";
import { PlusIcon } from "primereact/icons/plus";
import { useEffect, useMemo, useState } from "react";
import { useSelector } from "react-redux";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { DataTable } from "../../components/DataTable";
import { SearchField } from "../../components/form/SearchField";
import { primeIcon } from "../../components/icons/primeIcon";
import { Page } from "../../components/layout/Page";
import { showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";
import { selectGroupId } from "../../lib/session";
import { SetFormDialog } from "./SetFormDialog";
import { setColumns } from "./setColumns";
import { type PartChoices, useDeleteSetMutation, useGroupSetsQuery, usePartChoicesQuery } from "./setsApi";
import "./sets.css";

const s = ja.sets;
const addIcon = primeIcon(PlusIcon);
const NO_SETS: ItemSetDto[] = [];
const NO_CHOICES: PartChoices = { items: [], categories: [] };
const getRowId = (set: ItemSetDto) => String(set.id);

/** /sets (セット品一覧): the group's sets, live, with new / edit / delete (warning when cases booked it). */
export function SetListPage() {
  const groupId = useSelector(selectGroupId);
  const setsQuery = useGroupSetsQuery(groupId ?? skipToken);
  const choices = usePartChoicesQuery(groupId ?? skipToken).data ?? NO_CHOICES;
  const [deleteSet, { isLoading: deleting }] = useDeleteSetMutation();
  const [search, setSearch] = useState("");
  const [formTarget, setFormTarget] = useState<"new" | ItemSetDto | null>(null);
  const [toDelete, setToDelete] = useState<ItemSetDto | null>(null);
  // The dialog keeps showing the last target while it fades out.
  const [lastDelete, setLastDelete] = useState<ItemSetDto | null>(null);

  useEffect(() => {
    if (setsQuery.isError) {
      logFailure("set list fetch failed", setsQuery.error);
      void showAlert(s.fetchFailed);
    }
  }, [setsQuery.isError, setsQuery.error]);

  const columns = useMemo(
    () =>
      setColumns({
        onEdit: (set) => setFormTarget(set),
        onDelete: (set) => {
          setLastDelete(set);
          setToDelete(set);
        },
      }),
    [],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteSet(toDelete.id).unwrap();
      setToDelete(null);
    } catch (error) {
      logFailure("set delete failed", error);
      void showAlert(s.deleteFailed);
    }
  };

  // The live list's count, not the one when the dialog opened: a case may book the set meanwhile.
  const usedBy = setsQuery.data?.find((x) => x.id === lastDelete?.id)?.used_by ?? lastDelete?.used_by ?? 0;
  return (
    <Page
      title={s.pageTitle}
      actions={
        <Button
          type="button"
          label={s.create}
          icon={addIcon}
          onClick={() => setFormTarget("new")}
          disabled={groupId === null}
        />
      }
    >
      <div className="list-toolbar">
        <SearchField label={s.search} value={search} onChange={setSearch} />
      </div>
      <div className="set-table">
        <DataTable
          label={s.pageTitle}
          data={setsQuery.data ?? NO_SETS}
          columns={columns}
          getRowId={getRowId}
          globalFilter={search}
          initialSort={{ id: "title", desc: false }}
          loading={setsQuery.isLoading}
          phoneLayout="stack"
        />
      </div>
      {groupId !== null ? (
        <SetFormDialog
          target={formTarget}
          choices={choices}
          groupId={groupId}
          onClose={() => setFormTarget(null)}
        />
      ) : null}
      <ConfirmDeleteDialog
        visible={toDelete !== null}
        title={s.deleteTitle}
        question={s.deleteConfirm}
        confirmLabel={s.delete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        <p className="dialog-target">{lastDelete?.title}</p>
        {usedBy > 0 ? <p className="set-delete-warning">{s.deleteUsed(usedBy)}</p> : <p>{s.deleteUnused}</p>}
      </ConfirmDeleteDialog>
    </Page>
  );
}
