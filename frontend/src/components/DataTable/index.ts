export { DataTable, type DataTableProps } from "./DataTable";
export { OneLineText } from "./OneLineText";
export { PAGE_SIZE_ALL, PAGE_SIZES } from "./TablePager";
export {
  type DataTableColumn,
  type DataTableColumnMeta,
  type DataTableFeatures,
  dataTableColumnHelper,
  dataTableFeatures,
  sortFn_natural,
} from "./tableFeatures";
export { Words } from "./Words";
