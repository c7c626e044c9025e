import { screen, waitFor } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import { Navigate, Route, Routes } from "react-router-dom";
import { getDialogs } from "../../lib/feedback";
import { ACCESS_TOKEN_KEY } from "../../lib/token";
import { json, route, routes, stubFetch } from "../../test/http";
import { renderPage } from "../../test/render";
import { LoginPage } from "./LoginPage";

/** Lands on /login the way the sign-up screen does (router state). */
function SignupNavigator({ signedUp }: { signedUp: "owner" | "staff" }) {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<Navigate to="/login" state={{ signedUp }} />} />
    </Routes>
  );
}

jest.mock("../../lib/socket", () => ({
  configureSocket: jest.fn(),
  connectSocket: jest.fn(),
  disconnectSocket: jest.fn(),
}));

afterEach(() => jest.restoreAllMocks());

const userInfo = {
  id: 7,
  group: "東京機材",
  user: {
    id: 3,
    email: "taro@example.com",
    first_name: "太郎",
    last_name: "山田",
    is_member: true,
    is_owner: false,
    groups: [7],
  },
};

function setup() {
  const view = renderPage(<LoginPage />, { at: "/login" });
  const email = screen.getByLabelText(ja.login.email);
  const password = screen.getByLabelText(ja.login.password);
  const submit = screen.getByRole("button", { name: ja.login.submit });
  return { ...view, email, password, submit };
}

describe("LoginPage", () => {
  it("shows the required messages when submitted empty, without calling the server", async () => {
    const { spy } = stubFetch(() => json(500, {}));
    const { user, submit } = setup();
    await user.click(submit);
    expect(screen.getByText(ja.validation.loginEmailRequired)).toBeInTheDocument();
    expect(screen.getByText(ja.validation.passwordRequired)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it("asks for at least 8 characters of password", async () => {
    stubFetch(() => json(500, {}));
    const { user, email, password, submit } = setup();
    await user.type(email, "taro@example.com");
    await user.type(password, "short");
    await user.click(submit);
    expect(screen.getByText(ja.validation.passwordMin)).toBeInTheDocument();
    expect(screen.queryByText(ja.validation.loginEmailRequired)).not.toBeInTheDocument();
  });

  it("shows the server's detail (メンバー権限がありません) in a dismissible banner, without a refresh", async () => {
    const { requests } = stubFetch(
      routes({ "POST /api/token/": json(401, { detail: ja.validation.notMember }) }),
    );
    const { user, email, password, submit } = setup();
    await user.type(email, "staff@example.com");
    await user.type(password, "password123");
    await user.click(submit);

    expect(await screen.findByText(ja.validation.notMember)).toBeInTheDocument();
    // ...and what it means for a staff member who just signed up (issue 21).
    expect(screen.getByText(ja.feedback.notMemberExplained)).toBeInTheDocument();
    expect(requests.map(route)).toEqual(["POST /api/token/"]);
    expect(getDialogs()).toEqual([]);
    expect(screen.getByTestId("location")).toHaveTextContent("/login");

    await user.click(screen.getByRole("button", { name: ja.common.close }));
    expect(screen.queryByText(ja.validation.notMember)).not.toBeInTheDocument();
  });

  it("after a staff sign-up, says that the account waits for the owner's activation", () => {
    stubFetch(() => json(500, {}));
    renderPage(<SignupNavigator signedUp="staff" />, { at: "/signup-done", path: "*" });
    expect(screen.getByText(ja.feedback.staffSignedUp)).toBeInTheDocument();
  });

  it("says nothing extra when /login is opened directly", () => {
    stubFetch(() => json(500, {}));
    setup();
    expect(screen.queryByText(ja.feedback.staffSignedUp)).not.toBeInTheDocument();
    expect(screen.queryByText(ja.feedback.ownerSignedUp)).not.toBeInTheDocument();
  });

  it("falls back to ログインに失敗しました。 when the server gives no detail", async () => {
    stubFetch(routes({ "POST /api/token/": json(500, {}) }));
    const { user, email, password, submit } = setup();
    await user.type(email, "taro@example.com");
    await user.type(password, "password123");
    await user.click(submit);
    expect(await screen.findByText(ja.errors.loginFailed)).toBeInTheDocument();
  });

  it("stores the token, loads the user info into the session and goes to /workcase", async () => {
    const { requests } = stubFetch(
      routes({
        "POST /api/token/": json(200, { access: "jwt-1" }),
        "GET /api/user-info/": json(200, userInfo),
      }),
    );
    const { user, email, password, submit, store } = setup();
    await user.type(email, "Taro@Example.com");
    await user.type(password, "password123");
    await user.click(submit);

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/workcase"));
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe("jwt-1");
    expect(await requests[0]?.json()).toEqual({ email: "Taro@Example.com", password: "password123" });
    expect(requests[1]?.headers.get("Authorization")).toBe("Bearer jwt-1");
    expect(store.getState().session).toMatchObject({
      id: 3,
      email: "taro@example.com",
      is_owner: false,
      groups: ["東京機材"],
      groupId: 7,
    });
  });
});
