/**
 * A short name kept on one line, cut with "…" past the column's limit (`.dt-one-line`, DataTable.css), the
 * whole name in its tooltip: for columns beside the data a grid is read for (the week grid's カテゴリ), where
 * a wrapped name made every row two lines tall.
 */
export function OneLineText({ text }: { text: string }) {
  return (
    <span className="dt-one-line" title={text}>
      {text}
    </span>
  );
}
