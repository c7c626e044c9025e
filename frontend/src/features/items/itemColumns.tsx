import type { WeekItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { type DataTableColumn, dataTableColumnHelper, OneLineText } from "../../components/DataTable";
import { WEEK_DAYS } from "./itemsApi";

const helper = dataTableColumnHelper<WeekItemDto>();

/** Whether anything of the item is booked on a day of the week (the "booked only" filter). */
export function isBookedInWeek(item: WeekItemDto): boolean {
  return item.daily_order_quantities.some((booked) => booked > 0);
}

/** A day is full when what is booked reaches the stock (nothing more can be lent that day). */
export function isDayFull(booked: number, stock: number): boolean {
  return booked > 0 && booked >= stock;
}

/**
 * Columns of the weekly item table: the title (opens the detail), category, stock, then one column per
 * day headed by the server's labels. Only the title and category take part in the search.
 */
export function itemColumns(
  days: string[],
  onOpen: (item: WeekItemDto) => void,
): DataTableColumn<WeekItemDto>[] {
  const dayColumns = Array.from({ length: WEEK_DAYS }, (_, i) =>
    helper.accessor((item) => item.daily_order_quantities[i] ?? 0, {
      id: `day${i}`,
      header: days[i] ?? "",
      enableGlobalFilter: false,
      meta: { nowrap: true, className: "col-day" },
      cell: ({ row, getValue }) => {
        const booked = getValue() as number;
        // Hired units (外部手配, docs/subrental.md) are stock that day: full when nothing is free over the whole day.
        const free = row.original.daily_free_quantities?.[i];
        const full =
          free === undefined ? isDayFull(booked, row.original.stock_quantity) : booked > 0 && free <= 0;
        const hired = row.original.daily_hired_quantities?.[i] ?? 0;
        // Of the day's peak, the units only pencilled in (仮押さえ): "5 (仮2)" (docs/lifecycle.md).
        const tentative = row.original.daily_tentative_quantities?.[i] ?? 0;
        const shown =
          tentative > 0 ? (
            <span className="day-tentative" title={ja.lifecycle.dailyTentativeLabel(booked, tentative)}>
              {ja.lifecycle.dailyWithTentative(booked, tentative)}
            </span>
          ) : booked === 0 ? (
            // Most cells of a week are 0: muted, so the days that are booked stand out.
            <span className="day-zero">0</span>
          ) : (
            booked
          );
        const withHired =
          hired > 0 ? (
            <>
              {shown}
              <span className="day-hired" title={ja.subrentals.hiredUnits(hired)}>
                <span aria-hidden="true">＋{hired}</span>
                <span className="visually-hidden">（{ja.subrentals.hiredUnits(hired)}）</span>
              </span>
            </>
          ) : (
            shown
          );
        return full ? (
          <span className="day-full" title={ja.itemList.dayFull}>
            {withHired}
            <span className="visually-hidden">（{ja.itemList.dayFull}）</span>
          </span>
        ) : (
          withHired
        );
      },
    }),
  );
  return helper.columns([
    helper.accessor("title", {
      header: ja.itemList.title,
      meta: { className: "col-title" },
      cell: ({ row }) => (
        <button type="button" className="link-button" onClick={() => onOpen(row.original)}>
          {row.original.title}
        </button>
      ),
    }),
    helper.accessor("category_name", {
      header: ja.itemList.category,
      meta: { className: "col-category" },
      // One line (電源・ケー/ブル broke inside a word on a phone); a very long name ends in … with a tooltip.
      cell: ({ getValue }) => <OneLineText text={getValue() as string} />,
    }),
    helper.accessor("stock_quantity", {
      header: ja.itemList.stock,
      enableGlobalFilter: false,
      meta: { nowrap: true, className: "col-number" },
    }),
    ...dayColumns,
  ]) as DataTableColumn<WeekItemDto>[];
}
