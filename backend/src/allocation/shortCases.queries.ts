import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { workCases } from "../db/schema";

/**
 * Title and status of the group's cases with these ids: the one statement a refused catalogue change adds
 * (shortCases.ts), after the check, never on a write that goes through. The ids travel as one array
 * parameter, so a big import's refusal never builds a statement with thousands of parameters.
 */
export function casesNamed(tx: Tx, groupId: number, ids: number[]) {
  return tx
    .select({ id: workCases.id, title: workCases.title, status: workCases.status })
    .from(workCases)
    .where(
      and(eq(workCases.groupId, groupId), sql`${workCases.id} = ANY(${`{${ids.join(",")}}`}::integer[])`),
    );
}
