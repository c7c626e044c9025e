/** The work case feature's public surface: what other features and the composition root may use. */
export { caseInGroup } from "./workcases.service";
