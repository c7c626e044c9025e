// The module itself, not the index: the index brings moment-timezone (daily.ts) into the case screen.
import { shippableSets } from "@zaiko/common/availability/sets";
import { ja } from "@zaiko/common/messages/ja";
import type { CaseSetLineDto, ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { useMemo } from "react";
import { DataTable, type DataTableColumn, dataTableColumnHelper } from "../../components/DataTable";
import type { SummaryRowDto } from "../../lib/allocation";
import {
  UnitButton,
  UnitButtonPlaceholder,
  type UnitClicks,
  UnitClicksContext,
  useHasPendingClicks,
} from "./UnitButton";

const s = ja.sets;

/** A set with the number of sets the case can still take. */
export interface SetRow {
  id: number;
  title: string;
  category: string;
  shippable: number;
}
const helper = dataTableColumnHelper<SetRow>();
const getRowId = (r: SetRow) => String(r.id);

/**
 * Sets the case can still take (docs/sets.md): the set rule of common/availability over the parts' shippable
 * quantities the case screen already holds live (its summary rows), with the parts the case booked the set with
 * when it has a line of it (they may differ from the catalogue's after an edit), else the catalogue's.
 */
export function setRowsOf(
  sets: readonly ItemSetDto[],
  lines: readonly CaseSetLineDto[],
  summary: readonly SummaryRowDto[],
): SetRow[] {
  const free = new Map(summary.map((r) => [r.id, r.shippable_quantity]));
  return sets.map((set) => {
    const parts = lines.find((l) => l.set === set.id)?.parts ?? set.parts;
    return {
      id: set.id,
      title: set.title,
      category: set.category_name,
      shippable: shippableSets(parts, (id) => free.get(id) ?? 0),
    };
  });
}

function AddSetCell({ row, onAdd, canAdd }: { row: SetRow; onAdd: (id: number) => void; canAdd: boolean }) {
  const pending = useHasPendingClicks(row.id);
  return (canAdd && row.shippable > 0) || pending ? (
    <UnitButton kind="plus" label={s.add(row.title)} itemId={row.id} onClick={onAdd} />
  ) : (
    <UnitButtonPlaceholder />
  );
}

interface Props {
  rows: SetRow[];
  clicks: UnitClicks;
  onAdd: (setId: number) => void;
  canAdd: boolean;
}

/** セット品 of 在庫アイテム検索: each set, how many sets the case can still take, and '+' (one set per click). */
export function CaseSetsTable({ rows, clicks, onAdd, canAdd }: Props) {
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("title", { id: "title", header: s.setName }),
        helper.accessor("category", { id: "category", header: s.category }),
        helper.accessor("shippable", {
          id: "shippable",
          header: s.shippableSets,
          enableSorting: false,
          meta: { nowrap: true, className: "col-number" },
          cell: ({ row }) => s.count(row.original.shippable),
        }),
        helper.display({
          id: "add",
          header: "",
          meta: { nowrap: true },
          cell: ({ row }) => <AddSetCell row={row.original} onAdd={onAdd} canAdd={canAdd} />,
        }),
      ]) as DataTableColumn<SetRow>[],
    [onAdd, canAdd],
  );
  return (
    <div className="case-sets">
      <h3 className="case-sets-title">{s.heading}</h3>
      <UnitClicksContext.Provider value={clicks}>
        <DataTable label={s.heading} data={rows} columns={columns} getRowId={getRowId} />
      </UnitClicksContext.Provider>
    </div>
  );
}
