import type { CaseSetLineDto } from "@zaiko/common/sets/sets.schema";
import type { Db, Tx } from "../../db/client";
import { readTogether } from "../../db/readTogether";
import { partsByOwner, presentLine } from "./sets.presenter";
import { type LineRow, partsOfLines, partsOfSets } from "./sets.queries";

/** Lines as presented: their snapshot parts, and whether the catalogue's set has other parts now. */
export async function presentLines(db: Db | Tx, groupId: number, rows: LineRow[]): Promise<CaseSetLineDto[]> {
  if (rows.length === 0) return [];
  const setIds = [...new Set(rows.flatMap((r) => (r.setId === null ? [] : [r.setId])))];
  const [own, current] = await readTogether(db, [
    () =>
      partsOfLines(
        db,
        groupId,
        rows.map((r) => r.id),
      ),
    () => partsOfSets(db, groupId, setIds),
  ]);
  const ownBy = partsByOwner(own);
  const currentBy = partsByOwner(current);
  return rows.map((r) =>
    presentLine(
      r,
      ownBy.get(r.id) ?? [],
      r.setId === null ? undefined : { parts: currentBy.get(r.setId) ?? [] },
    ),
  );
}
