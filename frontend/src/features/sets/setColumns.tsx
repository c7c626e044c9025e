import { ja } from "@zaiko/common/messages/ja";
import type { ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { Button } from "primereact/button";
import { PencilIcon } from "primereact/icons/pencil";
import { TrashIcon } from "primereact/icons/trash";
import { type DataTableColumn, dataTableColumnHelper } from "../../components/DataTable";
import { primeIcon } from "../../components/icons/primeIcon";

const s = ja.sets;
const helper = dataTableColumnHelper<ItemSetDto>();
const editIcon = primeIcon(PencilIcon);
const deleteIcon = primeIcon(TrashIcon);

interface Actions {
  onEdit: (set: ItemSetDto) => void;
  onDelete: (set: ItemSetDto) => void;
}

/** Columns of the set list: name, category, parts, cases that booked it, then 編集 and 削除. */
export function setColumns({ onEdit, onDelete }: Actions): DataTableColumn<ItemSetDto>[] {
  return helper.columns([
    helper.accessor("title", { id: "title", header: s.setName }),
    helper.accessor("category_name", { id: "category", header: s.category }),
    helper.accessor((set) => s.partsSummary(set.parts), {
      id: "parts",
      header: s.parts,
      enableSorting: false,
      meta: { className: "col-set-parts" },
    }),
    helper.accessor("used_by", {
      id: "used_by",
      header: s.usedBy,
      enableGlobalFilter: false,
      meta: { nowrap: true, className: "col-number" },
      cell: ({ row }) => s.usedByCount(row.original.used_by),
    }),
    helper.display({
      id: "actions",
      header: s.actions,
      meta: { nowrap: true, className: "col-actions" },
      cell: ({ row }) => (
        <div className="row-actions">
          <Button
            type="button"
            label={s.edit}
            icon={editIcon}
            size="small"
            outlined
            aria-label={`${s.edit}: ${row.original.title}`}
            onClick={() => onEdit(row.original)}
          />
          <Button
            type="button"
            label={s.delete}
            icon={deleteIcon}
            severity="danger"
            size="small"
            outlined
            aria-label={`${s.delete}: ${row.original.title}`}
            onClick={() => onDelete(row.original)}
          />
        </div>
      ),
    }),
  ]) as DataTableColumn<ItemSetDto>[];
}
