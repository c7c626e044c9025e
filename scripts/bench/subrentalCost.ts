/**
 * What reading hired units (外部手配, docs/subrental.md) costs the + at the database, without HTTP:
 * add_allocation_unit of this checkout (its one extra SELECT on the partial index sub_rentals_item_period_idx:
 * an empty scan for these items, which were never hired — the common case) against the same function without
 * that statement, measured as addUnitVariants.ts describes. Prints; writes nothing.
 *
 *   node -r esbuild-register scripts/bench/subrentalCost.ts
 */
import { compareAddUnit } from "./addUnitVariants";

const HIRES = / {2}-- Hired units \(外部手配\)[\s\S]*?(?= {2}RETURN json_build_object\()/;

void compareAddUnit({
  current: "add_allocation_unit (reads the item's hires)",
  variant: "add_allocation_unit without the hires' SELECT",
  ratio: "with / without",
  variantSource: (source) => {
    if (!HIRES.test(source)) throw new Error("the hires' SELECT was not found in add_allocation_unit");
    return source.replace(HIRES, "  v_hires := '[]'::json;\n\n");
  },
});
