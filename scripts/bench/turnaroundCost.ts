/**
 * What reading the turnaround costs the + at the database, without HTTP: add_allocation_unit of this checkout
 * (the item read with its category's turnaround, the bookings read widened by it: zero for these plain items)
 * against the function as it was before turnaround (git show 4b59636:backend/src/db/functions/
 * add_allocation_unit.sql), measured as addUnitVariants.ts describes.
 * Prints; writes nothing.
 *
 *   node -r esbuild-register scripts/bench/turnaroundCost.ts
 */
import { execFileSync } from "node:child_process";
import { compareAddUnit } from "./addUnitVariants";

const before = execFileSync("git", ["show", "4b59636:backend/src/db/functions/add_allocation_unit.sql"], {
  encoding: "utf8",
});

void compareAddUnit({
  current: "add_allocation_unit (with turnaround)",
  variant: "add_allocation_unit before turnaround (4b59636)",
  ratio: "with / before",
  variantSource: () => before,
});
