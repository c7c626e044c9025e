/**
 * The sets feature's public surface: the case duplicate copies a case's set lines, the CSV import writes sets
 * (docs/sets.md).
 */
export { copySetLines } from "./copyLines.service";
export { type ImportedSet, saveImportedSets } from "./importedSets.service";
export { setWithParts } from "./sets.service";
