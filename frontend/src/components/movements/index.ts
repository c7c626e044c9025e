/** Issue and receive by quantity: the progress buttons, the quantity dialog and its state, the requests. */
export { MovementDialog } from "./MovementDialog";
export { MovementProgress } from "./MovementProgress";
export {
  type MovableRow,
  type MovementKind,
  movableOrderItem,
  movementRequest,
  type ReceiveParts,
  undoRequest,
} from "./movementsApi";
export { useMovementDialog } from "./useMovementDialog";
