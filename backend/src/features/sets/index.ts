/** The sets feature's public surface: the case duplicate copies a case's set lines (docs/sets.md). */
export { copySetLines } from "./copyLines.service";
