import type { AuthUser } from "./auth";

/**
 * Members recently confirmed active, so that not every request pays a database round trip for the check
 * (it was a third of the allocation path's cost, docs/benchmarks.md). Safe because every change of a
 * member (deactivation, deletion, profile edit) is forgotten at once, on every app process, after its
 * commit (Realtime#memberChanged); the time to live only bounds how long a process that missed that
 * message (Redis down) or a request that read the row just before the commit can keep the old row.
 * Negative answers are never kept: an activation works at once.
 */
export class ActiveMemberCache {
  private readonly entries = new Map<number, { user: AuthUser; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(userId: number): AuthUser | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.user;
  }

  set(user: AuthUser): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(user.id);
    // A Map iterates in insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(user.id, { user, until: Date.now() + this.ttlMs });
  }

  forget(userId: number): void {
    this.entries.delete(userId);
  }
}
