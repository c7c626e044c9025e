import { skipToken } from "@reduxjs/toolkit/query";
import type { CategoryDto, RelatedItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { IconField } from "primereact/iconfield";
import { PlusIcon } from "primereact/icons/plus";
import { SearchIcon } from "primereact/icons/search";
import { SpinnerIcon } from "primereact/icons/spinner";
import { InputIcon } from "primereact/inputicon";
import { InputText } from "primereact/inputtext";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSelector } from "react-redux";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { DataTable } from "../../components/DataTable";
import { primeIcon } from "../../components/icons/primeIcon";
import { Page } from "../../components/layout/Page";
import { selectGroupId } from "../../lib/session";
import { CategoryFormDialog } from "./CategoryFormDialog";
import { useDeleteCategoryMutation, useLazyRelatedItemsQuery, useListCategoriesQuery } from "./categoriesApi";
import { categoryColumns } from "./categoryColumns";
import "./categories.css";
import { showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";

const addIcon = primeIcon(PlusIcon);
const NO_CATEGORIES: CategoryDto[] = [];
const getRowId = (category: CategoryDto) => String(category.id);

interface DeleteTarget {
  category: CategoryDto;
  related: RelatedItemDto[];
}

/** /category (カテゴリ一覧): the group's categories, live, with new / edit / delete dialogs. */
export function CategoryListPage() {
  const groupId = useSelector(selectGroupId);
  const categoriesQuery = useListCategoriesQuery(groupId ?? skipToken);
  const [loadRelated, { isFetching: loadingRelated }] = useLazyRelatedItemsQuery();
  const [deleteCategory, { isLoading: deleting }] = useDeleteCategoryMutation();
  const [search, setSearch] = useState("");
  const [formTarget, setFormTarget] = useState<"new" | CategoryDto | null>(null);
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);
  // The dialog keeps showing the last target while it fades out.
  const [lastDelete, setLastDelete] = useState<DeleteTarget | null>(null);

  useEffect(() => {
    if (categoriesQuery.isError) {
      logFailure("category list fetch failed", categoriesQuery.error);
      void showAlert(ja.catalogue.categoryFetchFailed);
    }
  }, [categoriesQuery.isError, categoriesQuery.error]);

  // A delete first loads the items it takes with it; without them the confirmation does not open.
  const askDelete = useCallback(
    async (category: CategoryDto) => {
      try {
        const related = await loadRelated(category.id, false).unwrap();
        const target = { category, related };
        setLastDelete(target);
        setToDelete(target);
      } catch (error) {
        logFailure("related items fetch failed", error);
        void showAlert(ja.catalogue.relatedItemsFailed);
      }
    },
    [loadRelated],
  );

  const columns = useMemo(
    () => categoryColumns({ onEdit: (category) => setFormTarget(category), onDelete: askDelete }),
    [askDelete],
  );

  const confirmDelete = async () => {
    if (!toDelete || groupId === null) return;
    try {
      await deleteCategory({ id: toDelete.category.id, group: groupId }).unwrap();
      setToDelete(null);
    } catch (error) {
      logFailure("category delete failed", error);
      void showAlert(ja.catalogue.categoryDeleteFailed);
    }
  };

  const related = lastDelete?.related ?? [];
  return (
    <Page
      title={ja.pages.category}
      actions={
        <Button
          type="button"
          label={ja.categoryList.create}
          icon={addIcon}
          onClick={() => setFormTarget("new")}
          disabled={groupId === null}
        />
      }
    >
      <div className="list-toolbar">
        <IconField iconPosition="left" className="list-search">
          <InputIcon>
            {loadingRelated ? (
              <SpinnerIcon className="app-icon" spin aria-hidden="true" />
            ) : (
              <SearchIcon className="app-icon" aria-hidden="true" />
            )}
          </InputIcon>
          <InputText
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={ja.categoryList.search}
            aria-label={ja.categoryList.search}
          />
        </IconField>
      </div>
      {/* Two short columns: no minimum width, so 編集 and 削除 stay in view on a phone. */}
      <div className="category-table">
        <DataTable
          label={ja.pages.category}
          data={categoriesQuery.data ?? NO_CATEGORIES}
          columns={columns}
          getRowId={getRowId}
          globalFilter={search}
          initialSort={{ id: "category", desc: false }}
          loading={categoriesQuery.isLoading}
        />
      </div>
      {groupId !== null ? (
        <CategoryFormDialog target={formTarget} groupId={groupId} onClose={() => setFormTarget(null)} />
      ) : null}
      <ConfirmDeleteDialog
        visible={toDelete !== null}
        title={ja.categoryList.deleteTitle}
        question={ja.catalogue.categoryDeleteConfirm}
        confirmLabel={ja.categoryList.delete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        <p className="dialog-target">{lastDelete?.category.category}</p>
        <div className="related-items">
          {/* The red warning only when items will really go with the category (spec §3's list). */}
          {related.length > 0 ? (
            <>
              <p className="related-warning">{ja.catalogue.categoryDeleteWarning}</p>
              <ul aria-label={ja.catalogue.categoryDeleteWarning}>
                {related.map((item) => (
                  <li key={item.id}>{item.title}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="related-none">{ja.catalogue.noRelatedItems}</p>
          )}
        </div>
      </ConfirmDeleteDialog>
    </Page>
  );
}
