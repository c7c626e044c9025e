import { type Turnaround, turnaroundOfMinutes } from "@zaiko/common/availability/index";
import type { ItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { iso } from "../../lib/iso";

/** An item row with its category's name, as the queries of this feature return it. */
export interface ItemRow {
  id: number;
  groupId: number;
  categoryId: number;
  categoryName: string;
  title: string;
  stockQuantity: number;
  note: string;
  createdAt: Date;
  version: number;
  /** 個体管理あり (docs/units.md). */
  unitTracked: boolean;
  /** The item's own turnaround minutes; null follows the category's (docs/availability.md, Turnaround). */
  turnaroundBeforeMinutes: number | null;
  turnaroundAfterMinutes: number | null;
  /** Its category's turnaround minutes, the default of its items. */
  categoryTurnaroundBeforeMinutes: number;
  categoryTurnaroundAfterMinutes: number;
}

/** The turnaround that holds the item's units: its own minutes, else its category's. */
export function itemTurnaround(row: ItemRow): Turnaround {
  return turnaroundOfMinutes(
    row.turnaroundBeforeMinutes ?? row.categoryTurnaroundBeforeMinutes,
    row.turnaroundAfterMinutes ?? row.categoryTurnaroundAfterMinutes,
  );
}

/** The only shape of an item that leaves the server (REST and socket payloads alike). */
export function presentItem(row: ItemRow): ItemDto {
  return {
    id: row.id,
    title: row.title,
    category: row.categoryId,
    category_name: row.categoryName,
    stock_quantity: row.stockQuantity,
    note: row.note,
    created: iso(row.createdAt),
    group: row.groupId,
    version: Number(row.version),
    unit_tracked: row.unitTracked,
    turnaround_before_minutes: row.turnaroundBeforeMinutes,
    turnaround_after_minutes: row.turnaroundAfterMinutes,
    effective_turnaround_before_minutes: row.turnaroundBeforeMinutes ?? row.categoryTurnaroundBeforeMinutes,
    effective_turnaround_after_minutes: row.turnaroundAfterMinutes ?? row.categoryTurnaroundAfterMinutes,
  };
}
