import type { GroupDto } from "@zaiko/common/groups/groups.schema";
import { ja } from "@zaiko/common/messages/ja";
import { HttpError } from "../../lib/httpError";
import { isUniqueViolation } from "../../lib/pgErrors";
import type { ReadDeps } from "../../lib/serviceDeps";
import { insertGroup, listClaimedGroups } from "./groups.queries";

/** How long a new group waits for its owner's sign-up (DOMAIN.md). */
export const OWNER_CLAIM_MINUTES = 30;

export async function listGroups(deps: ReadDeps): Promise<GroupDto[]> {
  return listClaimedGroups(deps.database.db);
}

/** Creates a group; names are unique case-insensitively (trimmed by the schema). */
export async function createGroup(deps: ReadDeps, name: string): Promise<GroupDto> {
  try {
    return await insertGroup(deps.database.db, name);
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(400, { name: [ja.validation.groupNameTaken] });
    throw err;
  }
}
