import { ja } from "@zaiko/common/messages/ja";
import { PencilIcon } from "primereact/icons/pencil";
import { TrashIcon } from "primereact/icons/trash";
import { Link } from "react-router-dom";
import { CaseStatusBadge } from "../../components/CaseStatusBadge";
import { type DataTableColumn, dataTableColumnHelper } from "../../components/DataTable";
import { CopyIcon } from "../../components/icons/glyphs/CopyIcon";
import { PlainButton } from "../../components/plain/PlainButton";
import type { WorkCaseDto } from "../../lib/allocation";
import { displayDateTime, instantOf } from "../../lib/dateTime";

const helper = dataTableColumnHelper<WorkCaseDto>();
// The classes PrimeReact's Button gives a left icon.
const ICON = "p-button-icon p-c p-button-icon-left";
const t = ja.workcases;

/** Sorts by the instant; unreadable dates are undefined, which sortUndefined keeps last both ways. */
const sortKey = (value: string) => instantOf(value) ?? undefined;

interface Actions {
  onEdit: (workcase: WorkCaseDto) => void;
  onDelete: (workcase: WorkCaseDto) => void;
  onDuplicate: (workcase: WorkCaseDto) => void;
  duplicatingId: number | null;
}

/** 案件名 (a link to the case detail), 状態 (ours), 開始時刻, 終了時刻 and the row buttons (spec §2). */
export function workCaseColumns({
  onEdit,
  onDelete,
  onDuplicate,
  duplicatingId,
}: Actions): DataTableColumn<WorkCaseDto>[] {
  return helper.columns([
    helper.accessor("title", {
      id: "title",
      header: t.caseTitle,
      meta: { className: "col-title" },
      cell: ({ row }) => <Link to={`/orderitems/${row.original.id}`}>{row.original.title}</Link>,
    }),
    helper.accessor("status", {
      id: "status",
      header: ja.lifecycle.status,
      enableGlobalFilter: false,
      cell: ({ row }) => <CaseStatusBadge workcase={row.original} />,
    }),
    helper.accessor((c) => sortKey(c.start_date), {
      id: "start_date",
      header: t.start,
      enableGlobalFilter: false,
      sortUndefined: "last",
      meta: { nowrap: true },
      cell: ({ row }) => displayDateTime(row.original.start_date),
    }),
    helper.accessor((c) => sortKey(c.end_date), {
      id: "end_date",
      header: t.end,
      enableGlobalFilter: false,
      sortUndefined: "last",
      meta: { nowrap: true },
      cell: ({ row }) => displayDateTime(row.original.end_date),
    }),
    helper.display({
      id: "actions",
      header: t.action,
      meta: { nowrap: true },
      cell: ({ row }) => {
        const c = row.original;
        return (
          // PlainButton: PrimeReact's Button markup without its per-instance work, three on every row.
          <div className="row-actions">
            <PlainButton
              className="p-button-sm"
              label={t.edit}
              icon={<PencilIcon className={`${ICON} app-icon`} aria-hidden="true" />}
              ariaLabel={`${t.edit}: ${c.title}`}
              onClick={() => onEdit(c)}
            />
            <PlainButton
              className="p-button-sm p-button-danger"
              label={t.delete}
              icon={<TrashIcon className={`${ICON} app-icon`} aria-hidden="true" />}
              ariaLabel={`${t.delete}: ${c.title}`}
              onClick={() => onDelete(c)}
            />
            <PlainButton
              className="p-button-sm p-button-success"
              label={t.duplicate}
              icon={<CopyIcon className={ICON} />}
              loading={duplicatingId === c.id}
              ariaLabel={`${t.duplicate}: ${c.title}`}
              onClick={() => onDuplicate(c)}
            />
          </div>
        );
      },
    }),
  ]) as DataTableColumn<WorkCaseDto>[];
}
