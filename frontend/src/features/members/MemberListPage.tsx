import { skipToken } from "@reduxjs/toolkit/query";
import type { UserDto } from "@zaiko/common/members/members.schema";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { DownloadIcon } from "primereact/icons/download";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSelector } from "react-redux";
import { Link } from "react-router-dom";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { DataTable } from "../../components/DataTable";
import { SearchField } from "../../components/form/SearchField";
import { primeIcon } from "../../components/icons/primeIcon";
import { Page } from "../../components/layout/Page";
import { notifySuccess, showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";
import { selectGroupId } from "../../lib/session";
import { HistoryExportForm } from "../history";
import { memberColumns } from "./memberColumns";
import {
  useDeleteMemberMutation,
  useExportMembersCsvMutation,
  useListMembersQuery,
  useSetMemberActiveMutation,
} from "./membersApi";

const downloadIcon = primeIcon(DownloadIcon);
const NO_MEMBERS: UserDto[] = [];
const getRowId = (user: UserDto) => String(user.id);

/** /user (メンバーリスト): the owner's view of the group's members, live. */
export function MemberListPage() {
  const groupId = useSelector(selectGroupId);
  const membersQuery = useListMembersQuery(groupId ?? skipToken);
  const [setActive] = useSetMemberActiveMutation();
  const [deleteMember, { isLoading: deleting }] = useDeleteMemberMutation();
  const [exportCsv, { isLoading: exporting }] = useExportMembersCsvMutation();
  const [search, setSearch] = useState("");
  const [toDelete, setToDelete] = useState<UserDto | null>(null);
  // The dialog keeps showing the last target while it fades out.
  const [lastTarget, setLastTarget] = useState<UserDto | null>(null);
  const askDelete = useCallback((user: UserDto) => {
    setLastTarget(user);
    setToDelete(user);
  }, []);

  useEffect(() => {
    if (membersQuery.isError) {
      logFailure("member list fetch failed", membersQuery.error);
      void showAlert(ja.errors.userFetchFailed);
    }
  }, [membersQuery.isError, membersQuery.error]);

  const onToggleActive = useCallback(
    (user: UserDto, active: boolean) => {
      if (groupId === null) return;
      setActive({ id: user.id, groupId, is_member: active })
        .unwrap()
        .then(() => notifySuccess(active ? ja.feedback.memberActivated : ja.feedback.memberDeactivated))
        .catch((error: unknown) => {
          logFailure("member toggle failed", error);
          void showAlert(ja.errors.memberStateFailed);
        });
    },
    [groupId, setActive],
  );

  const columns = useMemo(
    () => memberColumns({ onToggleActive, onDelete: askDelete }),
    [onToggleActive, askDelete],
  );

  const confirmDelete = async () => {
    if (!toDelete || groupId === null) return;
    try {
      await deleteMember({ id: toDelete.id, groupId }).unwrap();
      setToDelete(null);
    } catch (error) {
      logFailure("member delete failed", error);
      void showAlert(ja.errors.userDeleteFailed);
    }
  };

  const onExport = () => {
    if (groupId === null) return;
    // Export failures are only logged (spec §8).
    exportCsv(groupId)
      .unwrap()
      .catch((error: unknown) => logFailure("member CSV export failed", error));
  };

  return (
    <Page
      title={ja.members.title}
      actions={
        <>
          {/* The group's webhooks (owner settings, docs/notifications.md). */}
          <Link to="/webhooks" className="p-button p-button-outlined p-button-secondary">
            {ja.webhooks.title}
          </Link>
          <Button
            type="button"
            label={ja.members.csvExport}
            icon={downloadIcon}
            outlined
            loading={exporting}
            onClick={onExport}
          />
        </>
      }
    >
      <div className="list-toolbar">
        <SearchField label={ja.members.search} value={search} onChange={setSearch} className="list-search" />
        <HistoryExportForm groupId={groupId} />
      </div>
      <DataTable
        label={ja.members.title}
        data={membersQuery.data ?? NO_MEMBERS}
        columns={columns}
        getRowId={getRowId}
        globalFilter={search}
        initialSort={{ id: "email", desc: false }}
        loading={membersQuery.isLoading}
        phoneLayout="stack"
      />
      <ConfirmDeleteDialog
        visible={toDelete !== null}
        title={ja.members.deleteTitle}
        question={ja.members.deleteConfirm}
        confirmLabel={ja.members.delete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        <p className="dialog-target">{lastTarget?.email}</p>
      </ConfirmDeleteDialog>
    </Page>
  );
}
