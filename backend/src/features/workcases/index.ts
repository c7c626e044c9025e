/** The work case feature's public surface: what other features and the composition root may use. */

export { startHoldSweeper } from "./holdSweeper.service";
export { caseViews, type WorkCaseView } from "./workcases.queries";
export { caseInGroup } from "./workcases.service";
