import { WritesInFlight } from "./writesInFlight";

describe("WritesInFlight", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Whether `idle` has resolved after the clock moved on by `ms`. */
  async function resolvedAfter(idle: Promise<void>, ms: number): Promise<boolean> {
    let done = false;
    void idle.then(() => {
      done = true;
    });
    await jest.advanceTimersByTimeAsync(ms);
    return done;
  }

  it("is idle at once when no write is being served", async () => {
    const writes = new WritesInFlight();
    expect(await resolvedAfter(writes.idle(1_000), 0)).toBe(true);
  });

  it("waits for the last write being served to end", async () => {
    const writes = new WritesInFlight();
    const endFirst = writes.begin();
    const endSecond = writes.begin();
    const idle = writes.idle(1_000);
    endFirst();
    endFirst(); // an end called twice counts once
    expect(writes.inFlight).toBe(1);
    expect(await resolvedAfter(idle, 10)).toBe(false);
    endSecond();
    expect(await resolvedAfter(idle, 0)).toBe(true);
    expect(writes.inFlight).toBe(0);
  });

  it("stops waiting after the longest wait, so that a steady stream of writes never stops the waiter", async () => {
    const writes = new WritesInFlight();
    writes.begin();
    const idle = writes.idle(50);
    expect(await resolvedAfter(idle, 49)).toBe(false);
    expect(await resolvedAfter(idle, 1)).toBe(true);
  });
});
