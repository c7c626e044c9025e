import { ja } from "@zaiko/common/messages/ja";
import { AngleDoubleLeftIcon } from "primereact/icons/angledoubleleft";
import { AngleDoubleRightIcon } from "primereact/icons/angledoubleright";
import { AngleLeftIcon } from "primereact/icons/angleleft";
import { AngleRightIcon } from "primereact/icons/angleright";
import { useId } from "react";
import { NativeSelect, type SelectOption } from "../form/NativeSelect";
import { PlainButton } from "../plain/PlainButton";

/** "全て" is a page size as large as any list can be. */
export const PAGE_SIZE_ALL = Number.MAX_SAFE_INTEGER;
/** Page sizes offered under 表示アイテム数 (spec §9). */
export const PAGE_SIZES = [10, 25, 50, 100, PAGE_SIZE_ALL] as const;

// PrimeReact's Button markup without its component (PlainButton): each PrimeReact button (and its ripple)
// renders twice when it mounts, once its styles are in, and a screen with two tables has eight of these.
// The classes are those PrimeReact gives an icon-only button's icon, with app-icon's size (icons/primeIcon).
const ICON_CLASSES = "p-button-icon p-c app-icon";
const firstIcon = <AngleDoubleLeftIcon className={ICON_CLASSES} aria-hidden="true" />;
const previousIcon = <AngleLeftIcon className={ICON_CLASSES} aria-hidden="true" />;
const nextIcon = <AngleRightIcon className={ICON_CLASSES} aria-hidden="true" />;
const lastIcon = <AngleDoubleRightIcon className={ICON_CLASSES} aria-hidden="true" />;

const sizeOptions: SelectOption<number>[] = PAGE_SIZES.map((size) => ({
  label: size === PAGE_SIZE_ALL ? ja.table.all : String(size),
  value: size,
}));

interface Props {
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  rowCount: number;
  /** While the list's first answer is awaited: no count yet (「0件」 would be untrue). */
  loading?: boolean;
  onPageIndex: (index: number) => void;
  onPageSize: (size: number) => void;
}

/** 表示アイテム数 and the page buttons under a table. */
export function TablePager({
  pageIndex,
  pageCount,
  pageSize,
  rowCount,
  loading = false,
  onPageIndex,
  onPageSize,
}: Props) {
  const sizeId = useId();
  const pages = Math.max(pageCount, 1);
  const atStart = pageIndex <= 0;
  const atEnd = pageIndex >= pages - 1;
  return (
    <div className="dt-pager">
      <div className="dt-page-size">
        <label htmlFor={sizeId}>{ja.table.pageSize}</label>
        <NativeSelect
          id={sizeId}
          value={pageSize}
          options={sizeOptions}
          onChange={onPageSize}
          className="dt-page-size-select"
        />
      </div>
      <div className="dt-page-nav">
        <PlainButton
          type="button"
          icon={firstIcon}
          className="p-button-text p-button-rounded"
          ariaLabel={ja.pager.first}
          disabled={atStart}
          onClick={() => onPageIndex(0)}
        />
        <PlainButton
          type="button"
          icon={previousIcon}
          className="p-button-text p-button-rounded"
          ariaLabel={ja.pager.previous}
          disabled={atStart}
          onClick={() => onPageIndex(pageIndex - 1)}
        />
        <span className="dt-page-report" aria-live="polite">
          {loading ? ja.common.loading : ja.pager.report(Math.min(pageIndex + 1, pages), pages, rowCount)}
        </span>
        <PlainButton
          type="button"
          icon={nextIcon}
          className="p-button-text p-button-rounded"
          ariaLabel={ja.pager.next}
          disabled={atEnd}
          onClick={() => onPageIndex(pageIndex + 1)}
        />
        <PlainButton
          type="button"
          icon={lastIcon}
          className="p-button-text p-button-rounded"
          ariaLabel={ja.pager.last}
          disabled={atEnd}
          onClick={() => onPageIndex(pages - 1)}
        />
      </div>
    </div>
  );
}
