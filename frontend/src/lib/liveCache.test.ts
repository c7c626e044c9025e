import { configureStore } from "@reduxjs/toolkit";
import { createApi, fakeBaseQuery } from "@reduxjs/toolkit/query";
import { subscribeWhileCached } from "./liveCache";

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
          subscribeWhileCached(cache, ({ updateCachedData }) => {
            log.push(`subscribe ${arg}`);
            pushEvent = (row) => updateCachedData((draft) => void draft.push(row));
            return [() => log.push("stop 1"), () => log.push("stop 2")];
          }),
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
  it("subscribes once the first answer is in, and its events change that cached list", async () => {
    const t = setup();
    const sub = t.store.dispatch(t.api.endpoints.rows.initiate(1));
    await settle(() => t.entryExists());
    expect(t.log).toEqual([]);

    t.answer().resolve(["a"]);
    await settle(() => t.log.length > 0);
    expect(t.log).toEqual(["subscribe 1"]);
    t.push("b");
    expect(t.rows()).toEqual(["a", "b"]);
    sub.unsubscribe();
  });

  it("runs every stop function once when the entry is removed", async () => {
    const t = setup();
    const sub = t.store.dispatch(t.api.endpoints.rows.initiate(1));
    await settle(() => t.entryExists());
    t.answer().resolve(["a"]);
    await settle(() => t.log.length > 0);

    sub.unsubscribe();
    await settle(() => !t.entryExists());
    await settle(() => t.log.length === 3);
    expect(t.log).toEqual(["subscribe 1", "stop 1", "stop 2"]);
  });

  it("never subscribes when the entry goes away without ever having data", async () => {
    const t = setup();
    const sub = t.store.dispatch(t.api.endpoints.rows.initiate(1));
    await settle(() => t.entryExists());
    t.answer().reject();
    await settle(() => t.api.endpoints.rows.select(1)(t.store.getState()).isError);

    sub.unsubscribe();
    await settle(() => !t.entryExists());
    // The removal has rejected cacheDataLoaded; give the helper's catch a turn before looking.
    await new Promise((r) => setTimeout(r, 0));
    expect(t.log).toEqual([]);
  });
});
