import { ja } from "@zaiko/common/messages/ja";
import { makeStore } from "../app/store";
import { json, route, stubFetch } from "../test/http";
import { api } from "./api";
import { getDialogs, resetFeedback } from "./feedback";
import { setNavigator } from "./navigation";
import { ACCESS_TOKEN_KEY } from "./token";

// Endpoints that exist only for this test: the base query is what is under test.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
    loginProbe: build.mutation<unknown, void>({
      query: () => ({ url: "/api/token/", method: "POST", body: { email: "a@b.jp", password: "wrongpass" } }),
    }),
  }),
});

function setup() {
  const store = makeStore();
  const navigate = jest.fn();
  setNavigator(navigate);
  // The in-app confirmations the session asked for (lib/feedback), by their message.
  const confirm = () =>
    getDialogs()
      .filter((d) => d.kind === "confirm")
      .map((d) => d.message);
  return { store, navigate, confirm };
}

afterEach(() => {
  jest.restoreAllMocks();
  resetFeedback();
  setNavigator(null);
});

describe("baseQueryWithReauth", () => {
  it("sends the bearer token, the CSRF header and cookies", async () => {
    const { store } = setup();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "tok-1");
    // biome-ignore lint/suspicious/noDocumentCookie: the server sets this cookie; the test plays the server
    document.cookie = "csrftoken=csrf-abc";
    const { requests } = stubFetch(() => json(200, { ok: true }));

    await store.dispatch(probeApi.endpoints.probe.initiate("/api/user-info/"));

    const [request] = requests;
    expect(request?.headers.get("Authorization")).toBe("Bearer tok-1");
    expect(request?.headers.get("X-CSRFToken")).toBe("csrf-abc");
    expect(request?.credentials).toBe("include");
    expect(request?.url).toBe("http://localhost/api/user-info/");
  });

  it("on a 401 refreshes the token once and retries the request once with the new token", async () => {
    const { store, confirm } = setup();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    const { requests } = stubFetch((request) => {
      if (route(request) === "POST /api/token/refresh/") return json(200, { access: "new" });
      return request.headers.get("Authorization") === "Bearer new"
        ? json(200, { hello: "world" })
        : json(401, { detail: "expired" });
    });

    const result = await store.dispatch(probeApi.endpoints.probe.initiate("/api/user/"));

    expect(result.data).toEqual({ hello: "world" });
    expect(requests.map(route)).toEqual(["GET /api/user/", "POST /api/token/refresh/", "GET /api/user/"]);
    expect(requests[1]?.headers.get("Authorization")).toBeNull();
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe("new");
    expect(confirm()).toEqual([]);
  });

  it("retries only once: a second 401 is returned without another refresh", async () => {
    const { store } = setup();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    const { requests } = stubFetch((request) =>
      route(request) === "POST /api/token/refresh/"
        ? json(200, { access: "new" })
        : json(401, { detail: "no" }),
    );

    const result = await store.dispatch(probeApi.endpoints.probe.initiate("/api/user/"));

    expect(result.error).toMatchObject({ status: 401 });
    expect(requests.map(route)).toEqual(["GET /api/user/", "POST /api/token/refresh/", "GET /api/user/"]);
  });

  it("shares one refresh between concurrent 401s", async () => {
    const { store } = setup();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    const { requests } = stubFetch(async (request) => {
      if (route(request) === "POST /api/token/refresh/") {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { access: "new" });
      }
      return request.headers.get("Authorization") === "Bearer new" ? json(200, []) : json(401, {});
    });

    const [a, b] = await Promise.all([
      store.dispatch(probeApi.endpoints.probe.initiate("/api/user/")),
      store.dispatch(probeApi.endpoints.probe.initiate("/api/groups/")),
    ]);

    expect(a.isSuccess && b.isSuccess).toBe(true);
    expect(requests.filter((r) => route(r) === "POST /api/token/refresh/")).toHaveLength(1);
  });

  it("when the refresh fails: removes the token, clears the session, confirms and goes to /login", async () => {
    const { store, navigate, confirm } = setup();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    store.dispatch({
      type: "session/sessionStarted",
      payload: {
        id: 7,
        group: "東京機材",
        user: {
          id: 1,
          email: "a@b.jp",
          first_name: "",
          last_name: "",
          is_member: true,
          is_owner: true,
          groups: [7],
        },
      },
    });
    stubFetch((request) =>
      route(request) === "POST /api/token/refresh/" ? json(401, { detail: "revoked" }) : json(401, {}),
    );

    const result = await store.dispatch(probeApi.endpoints.probe.initiate("/api/user/"));

    expect(result.error).toMatchObject({ status: 401 });
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(store.getState().session.email).toBe("");
    expect(confirm()).toEqual([ja.errors.sessionExpired]);
    // /login remembers the page, to come back to it after the login.
    expect(navigate).toHaveBeenCalledWith("/login", { from: "/" });
  });

  it("tells a deactivated member so on /login, without the session-expired confirm", async () => {
    const { store, navigate, confirm } = setup();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    stubFetch((request) =>
      route(request) === "POST /api/token/refresh/"
        ? json(401, { detail: ja.errors.membershipEnded })
        : json(401, { detail: ja.errors.unauthenticated }),
    );

    const result = await store.dispatch(probeApi.endpoints.probe.initiate("/api/user/"));

    expect(result.error).toMatchObject({ status: 401 });
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(confirm()).toEqual([]);
    expect(navigate).toHaveBeenCalledWith("/login", { from: "/" });
    expect(store.getState().session.notice).toBe(ja.errors.membershipEnded);
  });

  it("keeps the session when the refresh gets no answer (offline, 429): the request just fails", async () => {
    const { store, navigate, confirm } = setup();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    stubFetch((request) =>
      route(request) === "POST /api/token/refresh/"
        ? json(429, { detail: ja.errors.rateLimited })
        : json(401, { detail: ja.errors.unauthenticated }),
    );

    const result = await store.dispatch(probeApi.endpoints.probe.initiate("/api/user/"));

    expect(result.error).toMatchObject({ status: 401 });
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe("old");
    expect(confirm()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("does not start the refresh flow for a failed login", async () => {
    const { store, confirm } = setup();
    const { requests } = stubFetch(() => json(401, { detail: ja.validation.notMember }));

    const result = await store.dispatch(probeApi.endpoints.loginProbe.initiate());

    expect(result.error).toMatchObject({ status: 401, data: { detail: ja.validation.notMember } });
    expect(requests.map(route)).toEqual(["POST /api/token/"]);
    expect(confirm()).toEqual([]);
  });
});
