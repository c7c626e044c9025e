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
