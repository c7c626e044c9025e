import { act, renderHook } from "@testing-library/react";
import { type ClickBatchResult, useCountedClicks } from "./useCountedClicks";

/** An action whose calls the test answers one by one. */
function controlledAction() {
  const calls: { key: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const action = (key: number) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ key, resolve, reject });
    });
  return { calls, action };
}

const flush = () => act(async () => {});

describe("useCountedClicks", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("gathers clicks within the window and sends one call per click, one after another", async () => {
    const { calls, action } = controlledAction();
    const settled: ClickBatchResult[] = [];
    const { result } = renderHook(() => useCountedClicks(300, action, (_k, r) => settled.push(r)));
    act(() => result.current.trigger(7));
    act(() => jest.advanceTimersByTime(200));
    act(() => result.current.trigger(7));
    act(() => jest.advanceTimersByTime(200));
    act(() => result.current.trigger(7));
    expect(result.current.pending.get(7)).toBe(3);
    act(() => jest.advanceTimersByTime(299));
    expect(calls).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));
    await flush();
    // Sequential: the second call waits for the first answer.
    expect(calls).toHaveLength(1);
    expect(result.current.busy.has(7)).toBe(true);
    calls[0]!.resolve();
    await flush();
    expect(calls).toHaveLength(2);
    expect(result.current.pending.get(7)).toBe(2);
    calls[1]!.resolve();
    await flush();
    calls[2]!.resolve();
    await flush();
    expect(calls.map((c) => c.key)).toEqual([7, 7, 7]);
    expect(settled).toEqual([{ requested: 3, done: 3, error: undefined }]);
    expect(result.current.pending.has(7)).toBe(false);
    expect(result.current.busy.has(7)).toBe(false);
  });

  it("stops a batch at the first refusal and says how many went through", async () => {
    const { calls, action } = controlledAction();
    const settled: ClickBatchResult[] = [];
    const { result } = renderHook(() => useCountedClicks(100, action, (_k, r) => settled.push(r)));
    for (let i = 0; i < 3; i++) act(() => result.current.trigger(1));
    act(() => jest.advanceTimersByTime(100));
    await flush();
    calls[0]!.resolve();
    await flush();
    calls[1]!.reject({ status: 409 });
    await flush();
    expect(calls).toHaveLength(2);
    expect(settled).toEqual([{ requested: 3, done: 1, error: { status: 409 } }]);
    expect(result.current.pending.has(1)).toBe(false);
  });

  it("counts clicks made while a batch is in flight and sends them after it", async () => {
    const { calls, action } = controlledAction();
    const settled: ClickBatchResult[] = [];
    const { result } = renderHook(() => useCountedClicks(300, action, (_k, r) => settled.push(r)));
    act(() => result.current.trigger(5));
    act(() => jest.advanceTimersByTime(300));
    await flush();
    act(() => result.current.trigger(5));
    act(() => result.current.trigger(5));
    expect(result.current.pending.get(5)).toBe(3);
    act(() => jest.advanceTimersByTime(300));
    await flush();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve();
    await flush();
    calls[1]!.resolve();
    await flush();
    calls[2]!.resolve();
    await flush();
    expect(settled).toEqual([
      { requested: 1, done: 1, error: undefined },
      { requested: 2, done: 2, error: undefined },
    ]);
  });
});
