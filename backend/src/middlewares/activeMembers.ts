import type { AuthUser } from "../lib/authUser";
import { ExpiringMap } from "../lib/expiringMap";

/**
 * Members recently confirmed active, so that not every request pays a database round trip for the check
 * (a large share of the + button's cost). Safe because every change of a
 * member (deactivation, deletion, profile edit) is forgotten at once, on every app process, after its
 * commit (Realtime#memberChanged); the time to live only bounds how long a process that missed that
 * message (Redis down) or a request that read the row just before the commit can keep the old row.
 * Negative answers are never kept: an activation works at once.
 */
export class ActiveMemberCache {
  private readonly entries: ExpiringMap<number, AuthUser>;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 10_000,
  ) {
    this.entries = new ExpiringMap(maxEntries);
  }

  get(userId: number): AuthUser | undefined {
    return this.entries.get(userId);
  }

  set(user: AuthUser): void {
    if (this.ttlMs <= 0) return;
    this.entries.set(user.id, user, Date.now() + this.ttlMs);
  }

  forget(userId: number): void {
    this.entries.delete(userId);
  }
}
