import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ja } from "@zaiko/common/messages/ja";
import { Provider } from "react-redux";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { type SessionState, signedOutSession } from "../lib/session";
import { ACCESS_TOKEN_KEY } from "../lib/token";
import { routes as http, json, stubFetch } from "../test/http";
import { ownerSession, staffSession } from "../test/render";
import { routes } from "./routes";
import { makeStore, type RootState } from "./store";

jest.mock("../lib/socket", () => ({
  configureSocket: jest.fn(),
  connectSocket: jest.fn(),
  disconnectSocket: jest.fn(),
  onServerEvent: () => () => {},
}));

function open(path: string, session?: SessionState) {
  const store = makeStore(session ? ({ session } as Partial<RootState>) : undefined);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store };
}

jest.mock("../lib/navigation", () => ({
  ...jest.requireActual("../lib/navigation"),
  hardNavigate: jest.fn(),
}));
const { hardNavigate } = jest.requireMock("../lib/navigation") as { hardNavigate: jest.Mock };

afterEach(() => {
  jest.restoreAllMocks();
  hardNavigate.mockClear();
});

/** Screens load lazily; the first import of a screen's module can take a while under a busy runner. */
const findHeading = (name: string) => screen.findByRole("heading", { name }, { timeout: 10_000 });

describe("routes and guards", () => {
  it("sends a signed-out user from a signed-in route to /login", async () => {
    const { router } = open("/workcase", signedOutSession);
    expect(await findHeading(ja.login.title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("opens /workcase for a signed-in user, and / leads there", async () => {
    const { router } = open("/", staffSession);
    expect(await findHeading(ja.pages.workcase)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/workcase");
  });

  it("shows staff a polite refusal on /user instead of the member list", async () => {
    const { spy } = stubFetch(() => json(500, {}));
    open("/user", staffSession);
    expect(await findHeading(ja.forbidden.title)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: ja.members.title })).not.toBeInTheDocument();
    // Nothing is asked for the member list; the only call is the header bell's unread count (every screen).
    const urls = spy.mock.calls.map(([request]) => new URL((request as Request).url).pathname);
    expect(urls.filter((path) => path !== "/api/notifications/unread_count/")).toEqual([]);
  });

  it("shows owners the member list on /user", async () => {
    stubFetch(http({ "GET /api/user/": json(200, []) }));
    open("/user", ownerSession);
    expect(await findHeading(ja.members.title)).toBeInTheDocument();
  });

  it("shows NotFound for an unknown path", async () => {
    open("/no/such/page", signedOutSession);
    expect(await findHeading(ja.notFound.title)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: ja.notFound.back })).toHaveAttribute("href", "/workcase");
  });

  it("restores the session from a stored token after a page load", async () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "jwt");
    stubFetch(
      http({
        "GET /api/user-info/": json(200, {
          id: 7,
          group: "東京機材",
          user: {
            id: 1,
            email: "owner@example.com",
            first_name: "",
            last_name: "",
            is_member: true,
            is_owner: true,
            groups: [7],
          },
        }),
      }),
    );
    const { store } = open("/category");
    expect(screen.getByText(ja.session.restoring)).toBeInTheDocument();
    expect(await findHeading(ja.pages.category)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.email).toBe("owner@example.com"));
    expect(screen.getByText("東京機材").closest("a")).toHaveAttribute("href", "/user");
  });

  it("goes signed-out when the stored token cannot be restored", async () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "stale");
    jest.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(() => json(401, { detail: "expired" }));
    const { router } = open("/category");
    expect(await findHeading(ja.login.title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("logs out: revokes on the server, forgets the token and session, reloads /login", async () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "jwt");
    const { requests } = stubFetch(
      http({
        "POST /api/logout/": new Response(null, { status: 204 }),
        // The work case list loads its cases; only the logout call matters here.
        "GET /api/workcaselist/": json(200, []),
      }),
    );
    const { store } = open("/workcase", ownerSession);
    await findHeading(ja.pages.workcase);

    await userEvent.setup().click(screen.getByRole("button", { name: ja.nav.logout }));

    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/login"));
    expect(
      requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${new URL(r.url).pathname}`),
    ).toEqual(["POST /api/logout/"]);
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(store.getState().session.email).toBe("");
  });

  it("logs out locally even when the server cannot be reached", async () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "jwt");
    jest.spyOn(console, "warn").mockImplementation(() => {});
    stubFetch(() => Promise.reject(new TypeError("offline")));
    open("/workcase", ownerSession);
    await findHeading(ja.pages.workcase);
    await userEvent.setup().click(screen.getByRole("button", { name: ja.nav.logout }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/login"));
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});
