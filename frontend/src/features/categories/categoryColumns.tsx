import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { PencilIcon } from "primereact/icons/pencil";
import { TrashIcon } from "primereact/icons/trash";
import { type DataTableColumn, dataTableColumnHelper } from "../../components/DataTable";
import { primeIcon } from "../../components/icons/primeIcon";

const helper = dataTableColumnHelper<CategoryDto>();
const editIcon = primeIcon(PencilIcon);
const deleteIcon = primeIcon(TrashIcon);

interface Actions {
  onEdit: (category: CategoryDto) => void;
  onDelete: (category: CategoryDto) => void;
}

/** Columns of the category list: the name, then 編集 and 削除. */
export function categoryColumns({ onEdit, onDelete }: Actions): DataTableColumn<CategoryDto>[] {
  return helper.columns([
    helper.accessor("category", { header: ja.categoryList.column, meta: { className: "col-category" } }),
    helper.display({
      id: "actions",
      header: ja.categoryList.actions,
      meta: { nowrap: true, className: "col-actions" },
      cell: ({ row }) => (
        <div className="row-actions">
          <Button
            type="button"
            label={ja.categoryList.edit}
            icon={editIcon}
            size="small"
            outlined
            aria-label={`${ja.categoryList.edit}: ${row.original.category}`}
            onClick={() => onEdit(row.original)}
          />
          <Button
            type="button"
            label={ja.categoryList.delete}
            icon={deleteIcon}
            severity="danger"
            size="small"
            outlined
            aria-label={`${ja.categoryList.delete}: ${row.original.category}`}
            onClick={() => onDelete(row.original)}
          />
        </div>
      ),
    }),
  ]) as DataTableColumn<CategoryDto>[];
}
