import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import type { SupplierDto, SupplierWrite } from "@zaiko/common/subrentals/subrentals.schema";
import { authorize } from "../../lib/authorize";
import { HttpError, httpError } from "../../lib/httpError";
import { isForeignKeyViolation, isUniqueViolation } from "../../lib/pgErrors";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import { presentSupplier } from "./subrentals.presenter";
import {
  deleteSupplierRow,
  findSupplier,
  insertSupplier,
  listSuppliers,
  supplierHasSubRentals,
  updateSupplierRow,
} from "./subrentals.queries";

const nameTaken = () => new HttpError(400, { name: [ja.subrentals.supplierNameTaken] });

/** GET /api/suppliers/: the group's suppliers by name. */
export async function listGroupSuppliers(deps: ReadDeps, actor: AuthUser): Promise<SupplierDto[]> {
  return (await listSuppliers(deps.database.db, actor.groupId)).map(presentSupplier);
}

/** POST /api/suppliers/: any member; names are unique per group ignoring case (the unique index decides). */
export async function createSupplier(
  deps: WriteDeps,
  actor: AuthUser,
  input: SupplierWrite,
): Promise<SupplierDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      const supplier = presentSupplier(await insertSupplier(tx, actor.groupId, input));
      events.add(actor.groupId, rooms.group(actor.groupId), "suppliers.upserted", { supplier });
      return supplier;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** PUT /api/suppliers/{id}/: any member. */
export async function updateSupplier(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  input: SupplierWrite,
): Promise<SupplierDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      const row = await updateSupplierRow(tx, actor.groupId, id, input);
      if (!row) throw httpError(404, ja.errors.notFound);
      const supplier = presentSupplier(row);
      events.add(actor.groupId, rooms.group(actor.groupId), "suppliers.upserted", { supplier });
      return supplier;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * DELETE /api/suppliers/{id}/: an owner only (403 otherwise); a supplier with sub-rentals (even returned or
 * cancelled ones: they are the record of what was hired) is kept, 409.
 */
export async function removeSupplier(deps: WriteDeps, actor: AuthUser, id: number): Promise<void> {
  try {
    await deleteSupplier(deps, actor, id);
  } catch (err) {
    // A sub-rental of it committed while the delete waited for the row.
    if (isForeignKeyViolation(err)) throw new HttpError(409, { error: ja.subrentals.supplierInUse });
    throw err;
  }
}

function deleteSupplier(deps: WriteDeps, actor: AuthUser, id: number): Promise<void> {
  return inTransaction(deps, async (tx, events) => {
    if (!(await findSupplier(tx, actor.groupId, id))) throw httpError(404, ja.errors.notFound);
    authorize(actor, "suppliers.delete");
    if (!(await deleteSupplierRow(tx, actor.groupId, id))) {
      if (await supplierHasSubRentals(tx, id))
        throw new HttpError(409, { error: ja.subrentals.supplierInUse });
      throw httpError(404, ja.errors.notFound);
    }
    events.add(actor.groupId, rooms.group(actor.groupId), "suppliers.deleted", { id });
  });
}
