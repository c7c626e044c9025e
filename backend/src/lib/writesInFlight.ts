/**
 * The API writes this process is serving. A write makes a few round trips to the database, and each answer
 * waits for the event loop: behind a fan-out to thousands of sockets, written slice by slice, a '+' waited
 * for a slice at every step. So each slice of a fan-out first waits until no write is being served
 * (realtime.ts), for a while only: a steady stream of writes slows the live updates down, never stops them.
 */
export class WritesInFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  /** How many writes are being served now. */
  get inFlight(): number {
    return this.count;
  }

  /** Counts a write until the returned function is called (once). */
  begin(): () => void {
    this.count++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.count--;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    };
  }

  /** Resolves at once when no write is being served, otherwise when none is or after `maxWaitMs`. */
  idle(maxWaitMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve();
      }, maxWaitMs);
      this.waiters.push(wake);
    });
  }
}
