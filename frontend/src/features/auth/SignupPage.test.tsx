import { screen, waitFor } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import { expectAlertDialog } from "../../test/alerts";
import { json, route, routes, stubFetch } from "../../test/http";
import { renderPage } from "../../test/render";
import { SignupPage } from "./SignupPage";

afterEach(() => jest.restoreAllMocks());

const groups = [
  { id: 4, name: "大阪音響" },
  { id: 7, name: "東京機材" },
];

function setup(handler = routes({ "GET /api/groups/": json(200, groups) })) {
  const net = stubFetch(handler);
  const view = renderPage(<SignupPage />, { at: "/signup" });
  const submit = screen.getByRole("button", { name: ja.signup.submitCreate });
  return { ...view, ...net, submit };
}

async function fillPerson(user: ReturnType<typeof setup>["user"]) {
  await user.type(screen.getByLabelText(ja.signup.email), "hanako@example.com");
  await user.type(screen.getByLabelText(ja.signup.password), "password123");
  await user.type(screen.getByLabelText(ja.signup.firstName), "花子");
  await user.type(screen.getByLabelText(ja.signup.lastName), "佐藤");
}

/** Opens the group dropdown and picks `name`. (PrimeReact positions its panel with inline
 * display:none in jsdom, which has no layout, hence `hidden: true`.) */
async function pickGroup(user: ReturnType<typeof setup>["user"], name: string) {
  await user.click(screen.getByRole("button", { name: ja.signupForm.groupPlaceholder }));
  await user.click(await screen.findByRole("option", { name, hidden: true }));
}

describe("SignupPage (sign-up)", () => {
  it("owner: lists every required-field message in the red box and keeps 新規登録 disabled", async () => {
    const { user, submit } = setup();
    expect(submit).toBeDisabled();
    expect(screen.getByLabelText(ja.signup.roleOwner)).toBeChecked();
    expect(screen.getByText(ja.signup.groupNote)).toBeInTheDocument();

    // Visiting each field and leaving it empty reveals its message.
    for (const label of [ja.signup.email, ja.signup.password, ja.signup.firstName, ja.signup.lastName]) {
      await user.click(screen.getByLabelText(label));
    }
    await user.click(screen.getByLabelText(ja.signup.newGroupName));
    await user.tab();

    const box = screen.getByRole("alert");
    for (const message of [
      ja.validation.emailRequired,
      ja.validation.passwordRequired,
      ja.validation.firstNameRequired,
      ja.validation.lastNameRequired,
      ja.validation.groupNameRequired,
    ]) {
      expect(box).toHaveTextContent(message);
    }
    expect(submit).toBeDisabled();
  });

  it("asks for 8 characters of password", async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(ja.signup.password), "1234567");
    await user.tab();
    expect(screen.getByRole("alert")).toHaveTextContent(ja.validation.passwordMin);
  });

  it("staff: offers the groups from GET /api/groups/ instead of the group name, and needs one chosen", async () => {
    const { user, submit } = setup();
    await fillPerson(user);
    await user.click(screen.getByLabelText(ja.signup.roleStaff));

    expect(screen.queryByLabelText(ja.signup.newGroupName)).not.toBeInTheDocument();
    expect(screen.queryByText(ja.signup.groupNote)).not.toBeInTheDocument();
    expect(submit).toBeDisabled();

    await pickGroup(user, "東京機材");
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it("staff: a tap on the group dropdown before the groups arrive opens it, and the groups fill in", async () => {
    const pending: { answer?: (response: Response) => void } = {};
    const { user } = setup(
      routes({
        "GET /api/groups/": () =>
          new Promise<Response>((resolve) => {
            pending.answer = resolve;
          }),
      }),
    );
    await user.click(screen.getByLabelText(ja.signup.roleStaff));
    await user.click(screen.getByRole("button", { name: ja.signupForm.groupPlaceholder }));
    expect(await screen.findByText(ja.signupForm.groupsLoading)).toBeInTheDocument();

    pending.answer?.(json(200, groups));
    expect(await screen.findByRole("option", { name: "東京機材", hidden: true })).toBeInTheDocument();
  });

  it("staff: alerts when the groups cannot be loaded", async () => {
    const { user } = setup(routes({ "GET /api/groups/": json(500, {}) }));
    await user.click(screen.getByLabelText(ja.signup.roleStaff));
    await expectAlertDialog(ja.errors.groupFetchFailed);
  });

  it("owner: creates the group, signs up as owner and goes to /login", async () => {
    const { user, submit, requests } = setup(
      routes({
        "POST /api/groups/": json(201, { id: 12, name: "新宿ステージ" }),
        "POST /api/signup/": json(201, { id: 30 }),
      }),
    );
    await fillPerson(user);
    await user.type(screen.getByLabelText(ja.signup.newGroupName), "新宿ステージ");
    await user.click(submit);

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(requests.map(route)).toEqual(["POST /api/groups/", "POST /api/signup/"]);
    expect(await requests[0]?.json()).toEqual({ name: "新宿ステージ" });
    expect(await requests[1]?.json()).toEqual({
      email: "hanako@example.com",
      password: "password123",
      groups: 12,
      first_name: "花子",
      last_name: "佐藤",
      is_member: true,
      is_owner: true,
    });
  });

  it("lists every field error the server returns, and reuses the created group on retry", async () => {
    const { user, submit, requests } = setup(
      routes({
        "POST /api/groups/": json(201, { id: 12, name: "新宿ステージ" }),
        "POST /api/signup/": json(400, {
          email: [ja.validation.emailTaken],
          password: ["パスワードが弱すぎます"],
        }),
      }),
    );
    await fillPerson(user);
    await user.type(screen.getByLabelText(ja.signup.newGroupName), "新宿ステージ");
    await user.click(submit);

    const box = await screen.findByRole("alert");
    await waitFor(() => expect(box).toHaveTextContent(ja.validation.emailTaken));
    expect(box).toHaveTextContent("パスワードが弱すぎます");
    expect(screen.getByTestId("location")).toHaveTextContent("/signup");

    await user.click(submit);
    await waitFor(() => expect(requests.map(route)).toHaveLength(3));
    expect(requests.map(route)).toEqual(["POST /api/groups/", "POST /api/signup/", "POST /api/signup/"]);
  });

  it("shows the server's group-name message when the group cannot be created", async () => {
    const { user, submit } = setup(
      routes({ "POST /api/groups/": json(400, { name: [ja.validation.groupNameTaken] }) }),
    );
    await fillPerson(user);
    await user.type(screen.getByLabelText(ja.signup.newGroupName), "東京機材");
    await user.click(submit);
    expect(await screen.findByText(ja.validation.groupNameTaken)).toBeInTheDocument();
  });

  it("staff: signs up into the chosen group as a non-member", async () => {
    const { user, submit, requests } = setup(
      routes({ "GET /api/groups/": json(200, groups), "POST /api/signup/": json(201, { id: 31 }) }),
    );
    await fillPerson(user);
    await user.click(screen.getByLabelText(ja.signup.roleStaff));
    await pickGroup(user, "大阪音響");
    await user.click(submit);

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    const signup = requests.find((r) => route(r) === "POST /api/signup/");
    expect(await signup?.json()).toMatchObject({ groups: 4, is_member: false, is_owner: false });
  });

  it("falls back to サインアップ 編集に失敗しました。 for an error without field messages", async () => {
    const { user, submit } = setup(
      routes({ "GET /api/groups/": json(200, groups), "POST /api/signup/": json(500, "oops") }),
    );
    await fillPerson(user);
    await user.click(screen.getByLabelText(ja.signup.roleStaff));
    await pickGroup(user, "大阪音響");
    await user.click(submit);
    expect(await screen.findByText(ja.errors.signupOrEditFailed)).toBeInTheDocument();
  });
});
