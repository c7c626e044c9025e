import { throttled } from "./throttle";

describe("throttled", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("merges a burst into one run, counted from its first call", () => {
    const run = jest.fn();
    const call = throttled(run, 150);
    call();
    jest.advanceTimersByTime(100);
    call();
    call();
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("is not starved by a steady stream of calls", () => {
    const run = jest.fn();
    const call = throttled(run, 150);
    for (let t = 0; t < 1_000; t += 50) {
      call();
      jest.advanceTimersByTime(50);
    }
    // A debounce would not have run once; this runs about every 150 ms.
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(6);
  });

  it("drops a pending run when cancelled, and runs again after", () => {
    const run = jest.fn();
    const call = throttled(run, 150);
    call();
    call.cancel();
    jest.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
    call();
    jest.advanceTimersByTime(150);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
