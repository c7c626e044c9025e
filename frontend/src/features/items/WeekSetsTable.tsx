import { ja } from "@zaiko/common/messages/ja";
import type { WeekSetDto } from "@zaiko/common/sets/sets.schema";
import { useId, useMemo } from "react";
import { Link } from "react-router-dom";
import {
  DataTable,
  type DataTableColumn,
  dataTableColumnHelper,
  OneLineText,
} from "../../components/DataTable";
import { timelinePath } from "../availability";
import { WEEK_DAYS } from "./itemsApi";

const helper = dataTableColumnHelper<WeekSetDto>();
const getRowId = (set: WeekSetDto) => String(set.id);

function setColumns(days: string[], weekStart: string): DataTableColumn<WeekSetDto>[] {
  const dayColumns = Array.from({ length: WEEK_DAYS }, (_, i) =>
    helper.accessor((set) => set.daily_shippable_sets[i] ?? 0, {
      id: `day${i}`,
      header: days[i] ?? "",
      enableGlobalFilter: false,
      meta: { nowrap: true, className: "col-day" },
      cell: ({ getValue }) => {
        const sets = getValue() as number;
        // No set can go out that day: marked as the items' full days are.
        return sets === 0 ? (
          <span className="day-full" title={ja.sets.weekDayNone}>
            0<span className="visually-hidden">（{ja.sets.weekDayNone}）</span>
          </span>
        ) : (
          sets
        );
      },
    }),
  );
  return helper.columns([
    helper.accessor("title", {
      header: ja.sets.setName,
      meta: { className: "col-title" },
      // The set's timeline: its parts' lanes together, from this week's first day.
      cell: ({ row }) => (
        <Link
          to={timelinePath("set", row.original.id, weekStart)}
          className="link-button"
          title={ja.sets.weekTimeline(row.original.title)}
        >
          {row.original.title}
        </Link>
      ),
    }),
    helper.accessor("category_name", {
      header: ja.sets.category,
      meta: { className: "col-category" },
      cell: ({ getValue }) => <OneLineText text={getValue() as string} />,
    }),
    helper.accessor((set) => ja.sets.partsSummary(set.parts), {
      id: "parts",
      header: ja.sets.parts,
      enableGlobalFilter: false,
      // Wrapped, not cut: the parts are what a coordinator reads the row for.
      cell: ({ getValue }) => <span className="week-set-parts">{getValue() as string}</span>,
    }),
    ...dayColumns,
  ]) as DataTableColumn<WeekSetDto>[];
}

/**
 * The weekly view's sets, after the items (docs/sets.md, "Weekly view"): per day the sets that could still
 * go out over that whole day. Shown only when the group has sets; searched and filtered as the items are.
 */
export function WeekSetsTable({
  sets,
  days,
  search,
  weekStart,
}: {
  sets: WeekSetDto[];
  days: string[];
  search: string;
  /** "YYYY-MM-DD", where a set's timeline starts. */
  weekStart: string;
}) {
  const headingId = useId();
  const columns = useMemo(() => setColumns(days, weekStart), [days, weekStart]);
  if (sets.length === 0) return null;
  return (
    <section className="week-sets" aria-labelledby={headingId}>
      <h2 id={headingId} className="week-sets-heading">
        {ja.sets.weekHeading}
      </h2>
      <p className="week-sets-hint">{ja.sets.weekHint}</p>
      <DataTable
        label={ja.sets.weekTableLabel}
        data={sets}
        columns={columns}
        getRowId={getRowId}
        globalFilter={search}
        initialSort={{ id: "title", desc: false }}
      />
    </section>
  );
}
