import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import { rooms } from "@zaiko/common/realtime/events";
import type { Tx } from "../../db/client";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { presentOrderItem } from "./orderitems.presenter";
import { orderItemRow } from "./orderitems.queries";

/** The order item as presented (read in the transaction), and its upsert event for the group's screens. */
export async function publishOrderItem(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  id: number,
): Promise<OrderItemDto> {
  const dto = presentOrderItem((await orderItemRow(tx, groupId, id))!);
  events.add(groupId, rooms.group(groupId), "orderitems.upserted", { order_item: dto });
  return dto;
}
