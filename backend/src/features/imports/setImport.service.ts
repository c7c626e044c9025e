import type { ImportRowError } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { SetImportResultDto } from "@zaiko/common/sets/sets.schema";
import type { Database } from "../../db/client";
import { chunks } from "../../lib/chunks";
import { yieldToEventLoop } from "../../lib/eventLoop";
import { HttpError } from "../../lib/httpError";
import { isUniqueViolation, sqlState } from "../../lib/pgErrors";
import type { WriteDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import { type ImportedSet, saveImportedSets } from "../sets";
import {
  batchSize,
  categoriesOfGroup,
  itemsByTitles,
  type MatchedSet,
  setsByTitles,
} from "./imports.queries";
import { importFailed } from "./imports.service";
import type { CsvSet } from "./setCsv.input";

type ImportDeps = WriteDeps & { database: Pick<Database, "driver"> };

const s = ja.sets;
/** Category names compare as their unique index does (the item import's rule). */
const key = (name: string) => name.toLowerCase();

/**
 * Imports the sets a checked set CSV describes, in one transaction: a set whose name exists in the group
 * gets the file's category and parts (its parts replaced), the others are created. Every category and part
 * must exist in the group: any row naming one that does not refuses the whole file (400, rows named), and
 * nothing is written.
 */
export async function importSets(
  deps: ImportDeps,
  actor: AuthUser,
  sets: CsvSet[],
  partRows: number,
): Promise<Omit<SetImportResultDto, "skipped">> {
  const groupId = actor.groupId;
  const batch = batchSize(deps.database.driver);
  try {
    return await inTransaction(deps, async (tx, events) => {
      const categoryByName = new Map((await categoriesOfGroup(tx, groupId)).map((c) => [key(c.name), c.id]));
      const itemByName = new Map<string, number>();
      const names = [...new Set(sets.flatMap((set) => set.parts.map((p) => p.item)))];
      for (const part of chunks(names, batch)) {
        for (const m of await itemsByTitles(tx, groupId, part)) itemByName.set(m.input, m.id);
        await yieldToEventLoop();
      }
      const existing = new Map<string, MatchedSet>();
      for (const part of chunks(sets, batch)) {
        for (const m of await setsByTitles(
          tx,
          groupId,
          part.map((set) => set.title),
        ))
          existing.set(m.input, m);
      }

      const errors: ImportRowError[] = [];
      const writes: ImportedSet[] = [];
      for (const set of sets) {
        const categoryId = categoryByName.get(key(set.category));
        if (categoryId === undefined)
          errors.push({ line: set.line, message: s.importUnknownCategory(set.category) });
        const parts = set.parts.map((p) => ({
          line: p.line,
          item: itemByName.get(p.item),
          name: p.item,
          quantity: p.quantity,
        }));
        for (const p of parts)
          if (p.item === undefined) errors.push({ line: p.line, message: s.importUnknownItem(p.name) });
        // Two spellings of one item ("Mic", "MIC") are the same part: the file said it twice.
        const lineOfItem = new Map<number, number>();
        for (const p of parts) {
          if (p.item === undefined) continue;
          const first = lineOfItem.get(p.item);
          if (first !== undefined) errors.push({ line: p.line, message: s.importPartTwice(p.name, first) });
          else lineOfItem.set(p.item, p.line);
        }
        if (categoryId === undefined || parts.some((p) => p.item === undefined)) continue;
        const found = existing.get(set.title);
        writes.push({
          id: found?.id ?? null,
          // An existing set keeps its name as written in the catalogue and its note (the file has none).
          title: found?.title ?? set.title,
          note: found?.note ?? "",
          categoryId,
          parts: parts.map((p) => ({ item: p.item!, quantity: p.quantity })),
        });
      }
      if (errors.length > 0) throw importFailed(errors.sort((a, b) => a.line - b.line));

      await saveImportedSets(tx, events, actor, writes);
      const created = writes.filter((w) => w.id === null).length;
      return { created, updated: writes.length - created, parts: partRows };
    });
  } catch (err) {
    // A concurrent write took a set name, or deleted a category or item, between our read and our write.
    if (isUniqueViolation(err) || sqlState(err) === "23503")
      throw new HttpError(409, { detail: ja.imports.conflict });
    throw err;
  }
}
