import { configureStore } from "@reduxjs/toolkit";
import { createApi, fakeBaseQuery } from "@reduxjs/toolkit/query";
import { replayOnLoad, subscribeWhileCached } from "./liveCache";

/** A real RTK Query store whose one live endpoint records what the helper does, in order. */
function setup() {
  const log: string[] = [];
  /** The answer the next request gets; settled by the test, so it controls when data arrives. */
  let answer: { resolve: (rows: string[]) => void; reject: () => void } | undefined;
  let pushEvent: ((row: string) => void) | undefined;

  const api = createApi({
    baseQuery: fakeBaseQuery<string>(),
    keepUnusedDataFor: 0,
    endpoints: (build) => ({
      rows: build.query<string[], number>({
        queryFn: () =>
          new Promise((resolve) => {
            answer = {
              resolve: (rows) => resolve({ data: rows }),
              reject: () => resolve({ error: "refused" }),
            };
          }),
        onCacheEntryAdded: (arg, cache) =>
          subscribeWhileCached(arg, cache, (apply) => {
            log.push(`subscribe ${arg}`);
            // Idempotent, like every live change: a row already there is not added twice.
            pushEvent = (row) =>
              apply((draft) => {
                if (!draft.includes(row)) draft.push(row);
              });
            return [() => log.push("stop 1"), () => log.push("stop 2")];
          }),
        onQueryStarted: replayOnLoad,
      }),
    }),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (gDM) => gDM().concat(api.middleware),
  });
  const rows = () => api.endpoints.rows.select(1)(store.getState()).data;
  const entryExists = () => api.endpoints.rows.select(1)(store.getState()).status !== "uninitialized";
  return {
    api,
    store,
    log,
    rows,
    entryExists,
    answer: () => answer!,
    push: (row: string) => pushEvent!(row),
  };
}

/** Lets RTK Query's promise chains and its 0 s removal timer run. */
async function settle(until: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !until(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(until()).toBe(true);
}

describe("subscribeWhileCached", () => {
  it("listens from the start: an event that arrives while the list loads is applied to its answer", async () => {
    const t = setup();
    const sub = t.store.dispatch(t.api.endpoints.rows.initiate(1));
    await settle(() => t.entryExists());
    expect(t.log).toEqual(["subscribe 1"]);
    // The server read the list before this event's commit: its answer lacks "b".
    t.push("b");
    t.answer().resolve(["a"]);
    await settle(() => t.rows() !== undefined);
    expect(t.rows()).toEqual(["a", "b"]);
    t.push("c");
    expect(t.rows()).toEqual(["a", "b", "c"]);
    sub.unsubscribe();
  });

  it("applies an event that arrives during a refetch again to the refetched list", async () => {
    const t = setup();
    const sub = t.store.dispatch(t.api.endpoints.rows.initiate(1));
    await settle(() => t.entryExists());
    t.answer().resolve(["a"]);
    await settle(() => t.rows() !== undefined);
    const refetch = sub.refetch();
    t.push("b");
    expect(t.rows()).toEqual(["a", "b"]);
    // The refetch was read before "b" committed.
    t.answer().resolve(["a", "x"]);
    await refetch;
    await settle(() => (t.rows() ?? []).includes("x"));
    expect(t.rows()).toEqual(["a", "x", "b"]);
    sub.unsubscribe();
  });

  it("control: without replaying, the refetched list loses the event", async () => {
    const t = setup();
    const sub = t.store.dispatch(t.api.endpoints.rows.initiate(1));
    await settle(() => t.entryExists());
    t.answer().resolve(["a"]);
    await settle(() => t.rows() !== undefined);
    const refetch = sub.refetch();
    // What the old helper did: change only the list as it is now.
    t.store.dispatch(t.api.util.updateQueryData("rows", 1, (draft) => void draft.push("b")));
    t.answer().resolve(["a", "x"]);
    await refetch;
    await settle(() => (t.rows() ?? []).includes("x"));
    expect(t.rows()).toEqual(["a", "x"]);
    sub.unsubscribe();
  });

  it("runs every stop function once when the entry is removed", async () => {
    const t = setup();
    const sub = t.store.dispatch(t.api.endpoints.rows.initiate(1));
    await settle(() => t.entryExists());
    t.answer().resolve(["a"]);
    await settle(() => t.rows() !== undefined);

    sub.unsubscribe();
    await settle(() => !t.entryExists());
    await settle(() => t.log.length === 3);
    expect(t.log).toEqual(["subscribe 1", "stop 1", "stop 2"]);
  });

  it("stops listening when the entry goes away without ever having data", async () => {
    const t = setup();
    const sub = t.store.dispatch(t.api.endpoints.rows.initiate(1));
    await settle(() => t.entryExists());
    t.answer().reject();
    await settle(() => t.api.endpoints.rows.select(1)(t.store.getState()).isError);

    sub.unsubscribe();
    await settle(() => !t.entryExists());
    await settle(() => t.log.length === 3);
    expect(t.log).toEqual(["subscribe 1", "stop 1", "stop 2"]);
  });
});
