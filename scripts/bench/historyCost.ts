/**
 * What recording the + in the history costs the database, without HTTP: the + statement of this checkout
 * (add_allocation_unit with its history INSERT) against the same function without it (the source file with
 * the history block cut out), measured as addUnitVariants.ts describes. Prints; writes nothing.
 *
 *   node -r esbuild-register scripts/bench/historyCost.ts
 */
import { compareAddUnit } from "./addUnitVariants";

void compareAddUnit({
  current: "add_allocation_unit (with the history INSERT)",
  variant: "the same without the history INSERT",
  ratio: "with / without",
  variantSource: (source) => {
    const start = source.indexOf("  ELSE\n    -- 履歴");
    const end = source.indexOf("  END IF;", start);
    if (start < 0 || end < 0) throw new Error("history block not found in add_allocation_unit");
    return source.slice(0, start) + source.slice(end);
  },
});
