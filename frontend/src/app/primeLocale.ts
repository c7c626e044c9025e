import { ja } from "@zaiko/common/messages/ja";
import { addLocale, type LocaleOptions, locale, localeOptions } from "primereact/api";

/**
 * PrimeReact's own texts (close buttons, empty dropdowns, pager labels) in Japanese, from ja.ts.
 * addLocale copies English only one level deep, so the nested aria labels are merged here.
 * Screens that need more (the calendar's day and month names) add their keys to this locale. Kept here:
 * a screen's module runs beside this one (routes.tsx loads both at once), and may have added them first.
 */
export function setPrimeReactJapanese(): void {
  const en = localeOptions("en") as LocaleOptions;
  const added = localeOptions("ja") as LocaleOptions | undefined;
  addLocale("ja", {
    ...added,
    emptyMessage: ja.table.empty,
    emptyFilterMessage: ja.table.empty,
    aria: {
      ...en.aria,
      close: ja.common.close,
      previous: ja.pager.previous,
      next: ja.pager.next,
      firstPageLabel: ja.pager.first,
      lastPageLabel: ja.pager.last,
      nextPageLabel: ja.pager.next,
      prevPageLabel: ja.pager.previous,
    },
  });
  locale("ja");
}
