import { ja } from "@zaiko/common/messages/ja";
import type { OutageDto } from "@zaiko/common/orderitems/outages.schema";
import { httpError } from "../../lib/httpError";
import type { ReadDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { findItemId } from "./items.queries";
import { presentOutage } from "./outages.presenter";
import { openOutagesOfItem } from "./outages.queries";

/** GET /api/items/{id}/outages/: the item's units out of service now; 404 for another group's item. */
export async function listOutagesOfItem(
  deps: ReadDeps,
  actor: AuthUser,
  itemId: number,
): Promise<OutageDto[]> {
  const db = deps.database.db;
  if (!(await findItemId(db, actor.groupId, itemId))) throw httpError(404, ja.errors.notFound);
  return (await openOutagesOfItem(db, actor.groupId, itemId)).map(presentOutage);
}
