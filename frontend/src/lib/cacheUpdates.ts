/**
 * Applying a socket event to a cached list (inside RTK Query's updateCachedData draft). By id, so an event
 * applied twice, or our own change echoed back, leaves the same list.
 */
export function upsertById<T extends { id: number }>(list: T[], row: T): void {
  const index = list.findIndex((r) => r.id === row.id);
  if (index === -1) list.push(row);
  else list[index] = row;
}

/** Removes the row with this id from a cached list, if it is there. */
export function removeById<T extends { id: number }>(list: T[], id: number): void {
  const index = list.findIndex((r) => r.id === id);
  if (index !== -1) list.splice(index, 1);
}
