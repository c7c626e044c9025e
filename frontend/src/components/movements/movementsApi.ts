import type { MovementDto, OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { LineHireDto } from "@zaiko/common/orderitems/outages.schema";
import { api } from "../../lib/api";

export type MovementKind = "issue" | "receive";

/** A receive's units lost or broken (with the expected repair date, ISO), besides `quantity` returned. */
export interface ReceiveParts {
  lost: number;
  broken: number;
  repair_due: string | null;
  /** The lost and broken units are hired ones, of this sub-rental (外部手配); absent or null: own units. */
  sub_rental?: number | null;
}

/**
 * POST /api/orderitems/{id}/issue/ or …/receive/ `{quantity}`, a receive with `{lost, broken, repair_due}`
 * when some units did not come back in good order (docs/lifecycle.md).
 */
export const movementRequest = ({
  id,
  kind,
  quantity,
  parts,
}: {
  id: number;
  kind: MovementKind;
  quantity: number;
  parts?: ReceiveParts;
}) => ({
  url: `/api/orderitems/${id}/${kind}/`,
  method: "POST",
  body: parts && parts.lost + parts.broken > 0 ? { quantity, ...parts } : { quantity },
});

/** DELETE /api/orderitems/{id}/movements/latest/: the last recorded movement is taken back. */
export const undoRequest = ({ id }: { id: number }) => ({
  url: `/api/orderitems/${id}/movements/latest/`,
  method: "DELETE",
});

/** The movement record of one order item, read when its dialog opens (not live: the dialog is short-lived). */
export const movementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    orderItemMovements: build.query<MovementDto[], number>({
      query: (id) => ({ url: `/api/orderitems/${id}/movements/` }),
      keepUnusedDataFor: 0,
    }),
    /** The hires a lost or broken report of the line may name (docs/subrental.md), read when the dialog opens. */
    lineHires: build.query<LineHireDto[], number>({
      query: (id) => ({ url: `/api/orderitems/${id}/hires/` }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useOrderItemMovementsQuery, useLineHiresQuery } = movementsApi;

/** What the dialog and the progress buttons need of an order item or a board row. */
export interface MovableRow {
  id: number;
  title: string;
  order_quantity: number;
  issued_quantity: number;
  received_quantity: number;
}

/** How many units can still be issued (order − issued) or received (issued − received). */
export const leftToMove = (row: MovableRow, kind: MovementKind) =>
  kind === "issue" ? row.order_quantity - row.issued_quantity : row.issued_quantity - row.received_quantity;

export const movableOrderItem = (o: OrderItemDto): MovableRow => ({
  id: o.id,
  title: o.items.title,
  order_quantity: o.order_quantity,
  issued_quantity: o.issued_quantity,
  received_quantity: o.received_quantity,
});
