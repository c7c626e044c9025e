import type { ReactNode } from "react";

/**
 * A name that wraps between its words only (DataTable.css keeps words whole), inside a 12-character-wide
 * limit (`.dt-words`): a single word longer than that still breaks, so one pathological name cannot push a
 * table that must fit the screen (the shipped list at 1280 px, the case cards at 390 px) past its edge.
 */
export function Words({ children }: { children: ReactNode }) {
  return children === "" || children == null ? null : <span className="dt-words">{children}</span>;
}
