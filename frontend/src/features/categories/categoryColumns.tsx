import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { type DataTableColumn, dataTableColumnHelper } from "../../components/DataTable";

const helper = dataTableColumnHelper<CategoryDto>();

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
            icon="pi pi-pencil"
            size="small"
            outlined
            aria-label={`${ja.categoryList.edit}: ${row.original.category}`}
            onClick={() => onEdit(row.original)}
          />
          <Button
            type="button"
            label={ja.categoryList.delete}
            icon="pi pi-trash"
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
