import { screen, waitFor } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import { json, route, routes, stubFetch } from "../../test/http";
import { renderPage, staffSession } from "../../test/render";
import { SignupPage } from "./SignupPage";

afterEach(() => jest.restoreAllMocks());

const me = {
  id: 2,
  email: "staff@example.com",
  first_name: "花子",
  last_name: "佐藤",
  is_member: true,
  is_owner: false,
  groups: [7],
};

describe("SignupPage (member edit)", () => {
  it("loads the member, hides password and role, saves with PATCH and updates the session email", async () => {
    const { requests } = stubFetch(
      routes({
        "GET /api/user/2/": json(200, me),
        "PATCH /api/user/2/": json(200, { ...me, email: "hanako@example.com" }),
      }),
    );
    const { user, store } = renderPage(<SignupPage />, {
      at: "/useredit/2",
      path: "/useredit/:id",
      session: staffSession,
    });

    expect(await screen.findByRole("heading", { name: ja.signup.editTitle })).toBeInTheDocument();
    const email = await screen.findByLabelText(ja.signup.email);
    expect(email).toHaveValue("staff@example.com");
    expect(screen.queryByLabelText(ja.signup.password)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(ja.signup.roleOwner)).not.toBeInTheDocument();

    await user.clear(email);
    await user.tab();
    expect(screen.getByRole("alert")).toHaveTextContent(ja.validation.emailRequired);
    expect(screen.getByRole("button", { name: ja.signup.submitUpdate })).toBeDisabled();

    await user.type(email, "hanako@example.com");
    await user.click(screen.getByRole("button", { name: ja.signup.submitUpdate }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/workcase"));
    const patch = requests.find((r) => route(r) === "PATCH /api/user/2/");
    expect(await patch?.json()).toEqual({
      email: "hanako@example.com",
      first_name: "花子",
      last_name: "佐藤",
    });
    expect(store.getState().session.email).toBe("hanako@example.com");
  });

  it("another member's profile that the server will not show: a notice and the way back, no form", async () => {
    stubFetch(routes({ "GET /api/user/1/": json(404, { detail: ja.errors.notFound }) }));
    renderPage(<SignupPage />, { at: "/useredit/1", path: "/useredit/:id", session: staffSession });
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent(ja.feedback.memberUnavailableTitle);
    expect(notice).toHaveTextContent(ja.feedback.memberUnavailableBody);
    expect(screen.getByRole("link", { name: ja.feedback.backToCases })).toHaveAttribute("href", "/workcase");
    expect(screen.queryByRole("button", { name: ja.signup.submitUpdate })).not.toBeInTheDocument();
  });
});
