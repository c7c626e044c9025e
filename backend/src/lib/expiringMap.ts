/**
 * A bounded map whose entries each end at an instant of their own: `get` answers undefined from that
 * millisecond on (and forgets the entry); past `maxEntries` the oldest entry is dropped. Serves the caches
 * on the request path (confirmed members, verified access tokens).
 */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, { value: V; untilMs: number }>();

  constructor(private readonly maxEntries: number) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.untilMs <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, untilMs: number): void {
    // Deleted first so that a refreshed key counts as the newest; a Map iterates in insertion order.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, untilMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
