import type { CaseSetLineDto, ItemSetDto, SetPartDto } from "@zaiko/common/sets/sets.schema";
import { iso } from "../../lib/iso";
import type { LineRow, PartRow, SetRow } from "./sets.queries";

/** Parts rows grouped by their set or line id. */
export function partsByOwner(rows: PartRow[]): Map<number, SetPartDto[]> {
  const byOwner = new Map<number, SetPartDto[]>();
  for (const r of rows) {
    const list = byOwner.get(r.ownerId) ?? [];
    list.push({ item: r.itemId, title: r.title, quantity: r.quantity });
    byOwner.set(r.ownerId, list);
  }
  return byOwner;
}

/** The only shape of a set that leaves the server (REST and socket payloads alike). */
export function presentSet(row: SetRow, parts: SetPartDto[], usedBy: number): ItemSetDto {
  return {
    id: row.id,
    title: row.title,
    category: row.categoryId,
    category_name: row.categoryName,
    note: row.note,
    parts,
    used_by: usedBy,
    created: iso(row.createdAt),
    group: row.groupId,
    version: Number(row.version),
  };
}

const sameParts = (a: SetPartDto[], b: SetPartDto[]) =>
  a.length === b.length && a.every((p) => b.some((q) => q.item === p.item && q.quantity === p.quantity));

/**
 * The only shape of a case's set line that leaves the server. `current` is the catalogue's set now (absent once
 * deleted): a line whose own parts differ from it is `changed`.
 */
export function presentLine(
  row: LineRow,
  parts: SetPartDto[],
  current: { parts: SetPartDto[] } | undefined,
): CaseSetLineDto {
  return {
    id: row.id,
    work_case: row.workCaseId,
    set: row.setId,
    title: row.title,
    quantity: row.quantity,
    parts,
    changed: current !== undefined && !sameParts(parts, current.parts),
    version: Number(row.version),
  };
}
