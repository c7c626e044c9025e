import { makeStore } from "../app/store";
import { json, route, stubFetch } from "../test/http";
import { api } from "./api";
import { IDEMPOTENCY_KEY_HEADER as KEY } from "./idempotentWrites";
import { ACCESS_TOKEN_KEY } from "./token";

// Endpoints that exist only for this test: the base query is what is under test.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    readProbe: build.query<unknown, string>({ query: (path) => path }),
    issueProbe: build.mutation<unknown, number>({
      query: (quantity) => ({ url: "/api/orderitems/5/issue/", method: "POST", body: { quantity } }),
    }),
    undoProbe: build.mutation<unknown, void>({
      query: () => ({ url: "/api/orderitems/5/movements/latest/", method: "DELETE" }),
    }),
    signupProbe: build.mutation<unknown, void>({
      query: () => ({ url: "/api/signup/", method: "POST", body: { email: "a@b.jp" } }),
    }),
  }),
});

const keyOf = (r: Request | undefined) => r?.headers.get(KEY);
const networkDown = () => Promise.reject(new TypeError("Failed to fetch"));

beforeEach(() => sessionStorage.setItem(ACCESS_TOKEN_KEY, "tok"));
afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

describe("writes with an Idempotency-Key", () => {
  it("a mutation carries a key, a new action a new one; a query carries none", async () => {
    const store = makeStore();
    const { requests } = stubFetch(() => json(200, {}));
    await store.dispatch(probeApi.endpoints.issueProbe.initiate(1));
    await store.dispatch(probeApi.endpoints.issueProbe.initiate(1));
    await store.dispatch(probeApi.endpoints.undoProbe.initiate());
    await store.dispatch(probeApi.endpoints.readProbe.initiate("/api/orderitems/?work_case=1"));
    const keys = requests.map(keyOf);
    expect(keys.slice(0, 3).every((k) => typeof k === "string" && /^[0-9a-f]{32}$/.test(k))).toBe(true);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBeNull();
  });

  it("resends a write whose answer was lost (network error, 503, 502) with the same key, then takes the answer", async () => {
    const store = makeStore();
    const answers = [
      networkDown,
      () => json(503, {}),
      () => json(502, {}),
      () => json(200, { issued_quantity: 1 }),
    ];
    const { requests } = stubFetch(() => answers.shift()!());
    const started = Date.now();
    const result = await store.dispatch(probeApi.endpoints.issueProbe.initiate(1));
    expect(result.data).toEqual({ issued_quantity: 1 });
    expect(requests.map(route)).toEqual(Array(4).fill("POST /api/orderitems/5/issue/"));
    expect(new Set(requests.map(keyOf)).size).toBe(1);
    expect(await requests[3]?.json()).toEqual({ quantity: 1 });
    // 0.5 s, 1 s and 2 s between the sends.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_400);
  }, 10_000);

  it("gives up after three resends and returns the last failure", async () => {
    const store = makeStore();
    const { requests } = stubFetch(() => json(504, { detail: "gateway" }));
    const result = await store.dispatch(probeApi.endpoints.undoProbe.initiate());
    expect(result.error).toMatchObject({ status: 504 });
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map(keyOf)).size).toBe(1);
  }, 10_000);

  it("keeps the key through the 401 → refresh → retry", async () => {
    const store = makeStore();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    const { requests } = stubFetch((request) => {
      if (route(request) === "POST /api/token/refresh/") return json(200, { access: "new" });
      return request.headers.get("Authorization") === "Bearer new" ? json(200, {}) : json(401, {});
    });
    await store.dispatch(probeApi.endpoints.issueProbe.initiate(2));
    const writes = requests.filter((r) => route(r) === "POST /api/orderitems/5/issue/");
    expect(writes).toHaveLength(2);
    expect(keyOf(writes[0])).toBeTruthy();
    expect(keyOf(writes[1])).toBe(keyOf(writes[0]));
  });

  it("does not resend an answered failure (500, 409), a read, or a write the server keeps no key for", async () => {
    const store = makeStore();
    const { requests } = stubFetch((request) =>
      route(request) === "POST /api/orderitems/5/issue/" ? json(500, {}) : json(503, {}),
    );
    expect((await store.dispatch(probeApi.endpoints.issueProbe.initiate(1))).error).toMatchObject({
      status: 500,
    });
    expect((await store.dispatch(probeApi.endpoints.readProbe.initiate("/api/user/"))).error).toMatchObject({
      status: 503,
    });
    expect((await store.dispatch(probeApi.endpoints.signupProbe.initiate())).error).toMatchObject({
      status: 503,
    });
    expect(requests.map(route)).toEqual([
      "POST /api/orderitems/5/issue/",
      "GET /api/user/",
      "POST /api/signup/",
    ]);
    // Every write carries a key, even one the server does not keep.
    expect(keyOf(requests[2])).toBeTruthy();
  });
});
