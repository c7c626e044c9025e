/** A part of a set: `quantity` units of item `item` per set. */
export interface SetPart {
  item: number;
  quantity: number;
}

/**
 * The number of sets still shippable (docs/sets.md): a set has no stock of its own, so it is the minimum over
 * its parts of ⌊shippable units of the part ÷ units per set⌋. A set without parts (its items were deleted)
 * ships none.
 */
export function shippableSets(parts: readonly SetPart[], shippableOf: (itemId: number) => number): number {
  if (parts.length === 0) return 0;
  let sets = Number.POSITIVE_INFINITY;
  for (const part of parts) {
    const per = Math.max(1, part.quantity);
    sets = Math.min(sets, Math.floor(Math.max(0, shippableOf(part.item)) / per));
  }
  return sets;
}

/** Units of each part that `sets` sets need (the same item listed twice adds up). */
export function unitsForSets(parts: readonly SetPart[], sets: number): Map<number, number> {
  const need = new Map<number, number>();
  for (const part of parts) need.set(part.item, (need.get(part.item) ?? 0) + part.quantity * sets);
  return need;
}

/**
 * A set's number for each day of a period (the weekly view, docs/sets.md "Weekly view"): on day i, the sets
 * that could still go out over that whole day, `shippableSets` with each part's units free all day — its
 * stock less its peak usage that day (bookings, outages and turnaround, as the item's own day number).
 */
export function dailyShippableSets(
  parts: readonly SetPart[],
  days: number,
  freeOn: (itemId: number, day: number) => number,
): number[] {
  return Array.from({ length: days }, (_, day) => shippableSets(parts, (item) => freeOn(item, day)));
}
