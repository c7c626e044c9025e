/** The work case feature's public surface: what other features and the composition root may use. */

export { startHoldSweeper } from "./holdSweeper";
export { caseInGroup } from "./workcases.service";
