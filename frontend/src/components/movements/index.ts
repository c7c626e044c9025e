/** Issue and receive by quantity: the progress buttons, the quantity dialog and its state, the requests. */
import { lazyDialog } from "../lazyDialog";

/** The quantity dialog, loaded when first opened (a row is chosen): the board and lists draw without it. */
export const MovementDialog = lazyDialog(
  async () => (await import("./MovementDialog")).MovementDialog,
  (props) => props.row !== null,
);
export { MovementProgress } from "./MovementProgress";
export {
  type MovableRow,
  type MovementKind,
  movableOrderItem,
  movementRequest,
  type ReceiveParts,
  undoRequest,
} from "./movementsApi";
export { unitsMustBeNamed } from "./unitsRequired";
export { useMovementDialog } from "./useMovementDialog";
