import { waitFor } from "@testing-library/react";
import { orderItemsApi } from "../features/orderitems/orderItemsApi";
import { setLinesApi } from "../features/orderitems/setLinesApi";
import { setsApi } from "../features/sets/setsApi";
import { warehouseApi } from "../features/warehouse/warehouseApi";
import { workcasesApi } from "../features/workcases/workcasesApi";
import { api } from "../lib/api";
import { forgetEarlyRequests, requestEarly } from "../lib/earlyRequests";
import { ACCESS_TOKEN_KEY } from "../lib/token";
import { json, stubFetch } from "../test/http";
import { prefetchScreens } from "./prefetch";
import { routes } from "./routes";
import { makeStore } from "./store";

jest.mock("../lib/socket", () => ({
  configureSocket: jest.fn(),
  connectSocket: jest.fn(),
  disconnectSocket: jest.fn(),
  onServerEvent: () => () => {},
  onSocketConnect: () => () => {},
}));

// Endpoint that exists only for this test: the early answer's hand-over is what is under test.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, string>({ query: (path) => path }) }),
});

/** An access token of group `gid` (the client reads its claims without verifying them). */
const tokenOf = (gid: number, sub = 1) => `h.${btoa(JSON.stringify({ sub, gid })).replace(/=+$/, "")}.s`;

const paths = (requests: Request[]) =>
  requests.map((r) => `${new URL(r.url).pathname}${new URL(r.url).search}`);

afterEach(() => {
  jest.restoreAllMocks();
  forgetEarlyRequests();
  sessionStorage.clear();
});

describe("a screen's first GETs leave with the page", () => {
  it.each([
    ["/workcase", 1],
    ["/orderitems/5", 6],
    ["/warehouse", 2],
    ["/warehouse?date=2026-11-30", 2],
  ])("%s: the screen's queries take the early answers instead of asking again", async (path, count) => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, tokenOf(7));
    const { requests } = stubFetch(() => json(200, []));
    const [pathname, search = ""] = path.split("?");
    prefetchScreens(routes, { pathname: pathname!, search: search ? `?${search}` : "" });
    const early = paths(requests);
    expect(early).toHaveLength(count);

    // The queries the screen's hooks start, with the screen's arguments.
    const store = makeStore();
    const asked =
      pathname === "/workcase"
        ? [store.dispatch(workcasesApi.endpoints.listWorkCases.initiate(7))]
        : pathname === "/warehouse"
          ? [
              store.dispatch(warehouseApi.endpoints.warehouseBoard.initiate(search ? "2026-11-30" : null)),
              store.dispatch(warehouseApi.endpoints.warehouseOverdue.initiate(search ? "2026-11-30" : null)),
            ]
          : [
              store.dispatch(orderItemsApi.endpoints.workCase.initiate({ caseId: 5, groupId: 7 })),
              store.dispatch(orderItemsApi.endpoints.inventorySummary.initiate({ caseId: 5, groupId: 7 })),
              store.dispatch(orderItemsApi.endpoints.caseOrderItems.initiate(5)),
              store.dispatch(orderItemsApi.endpoints.caseCategories.initiate(7)),
              store.dispatch(setLinesApi.endpoints.caseSetLines.initiate(5)),
              store.dispatch(setsApi.endpoints.groupSets.initiate(7)),
            ];
    const results = await Promise.all(asked);
    for (const result of results) expect(result.isSuccess).toBe(true);
    // Nothing was asked twice: each query found its URL among the early ones.
    expect(paths(requests)).toEqual(early);
  });

  it("fills the screen's queries from those answers before the screen renders (one request per URL)", async () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, tokenOf(7));
    const { requests } = stubFetch(() => json(200, []));
    const store = makeStore();
    prefetchScreens(routes, { pathname: "/orderitems/5", search: "" }, store.dispatch);
    const fulfilled = () =>
      Object.values(store.getState().api.queries).filter((q) => q?.status === "fulfilled").length;
    await waitFor(() => expect(fulfilled()).toBe(6));
    expect(requests).toHaveLength(6);
  });

  it("sends nothing without a token in the tab", () => {
    const { requests } = stubFetch(() => json(200, []));
    prefetchScreens(routes, { pathname: "/workcase", search: "" });
    expect(requests).toHaveLength(0);
  });
});

describe("early answers", () => {
  it("are handed out once: the next query of the URL asks the server", async () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, tokenOf(7));
    let served = 0;
    const { requests } = stubFetch(() => json(200, { served: ++served }));
    requestEarly("/api/probe/");
    const store = makeStore();
    const first = await store.dispatch(probeApi.endpoints.probe.initiate("/api/probe/"));
    const again = await store.dispatch(
      probeApi.endpoints.probe.initiate("/api/probe/", { forceRefetch: true }),
    );
    expect(first.data).toEqual({ served: 1 });
    expect(again.data).toEqual({ served: 2 });
    expect(requests).toHaveLength(2);
  });

  it("are not used by another session (token) or after 15 s", async () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, tokenOf(7, 1));
    const { requests } = stubFetch((request) => json(200, { auth: request.headers.get("Authorization") }));
    requestEarly("/api/probe/a/");
    requestEarly("/api/probe/b/");
    // Another member signs in in this tab.
    sessionStorage.setItem(ACCESS_TOKEN_KEY, tokenOf(7, 2));
    const store = makeStore();
    const other = await store.dispatch(probeApi.endpoints.probe.initiate("/api/probe/a/"));
    expect(other.data).toEqual({ auth: `Bearer ${tokenOf(7, 2)}` });

    sessionStorage.setItem(ACCESS_TOKEN_KEY, tokenOf(7, 1));
    const now = Date.now();
    jest.spyOn(Date, "now").mockReturnValue(now + 15_001);
    await store.dispatch(probeApi.endpoints.probe.initiate("/api/probe/b/"));
    expect(requests).toHaveLength(4);
  });

  it("that failed leave the query to ask for itself", async () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, tokenOf(7));
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch");
      return json(200, { ok: true });
    });
    requestEarly("/api/probe/");
    await new Promise((resolve) => setTimeout(resolve, 0));
    const result = await makeStore().dispatch(probeApi.endpoints.probe.initiate("/api/probe/"));
    expect(result.data).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});
