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
  };
}
