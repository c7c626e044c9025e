import { screen, waitFor, within } from "@testing-library/react";
import type { UserDto } from "@zaiko/common/members/members.schema";
import { ja } from "@zaiko/common/messages/ja";
import { expectAlertDialog } from "../../test/alerts";
import { serverEmit as emit, resetFakeSocket } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { MemberListPage } from "./MemberListPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const member = (
  id: number,
  email: string,
  first: string,
  last: string,
  extra: Partial<UserDto> = {},
): UserDto => ({
  id,
  email,
  first_name: first,
  last_name: last,
  is_member: true,
  is_owner: false,
  groups: [7],
  version: 1,
  ...extra,
});

const members: UserDto[] = [
  member(1, "owner@example.com", "一郎", "鈴木", { is_owner: true }),
  member(2, "hanako@example.com", "Hanako", "Sato"),
  member(3, "jiro@example.com", "次郎", "田中", { is_member: false }),
];

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(routes({ "GET /api/user/": json(200, members), ...extra }));
  const view = renderPage(<MemberListPage />, { at: "/user", session: ownerSession });
  return { ...view, ...net };
}

const rowOf = (email: string) => screen.getByText(email).closest("tr") as HTMLElement;

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("MemberListPage", () => {
  it("loads the group's members sorted by email, hiding the switch and 削除 on owner rows", async () => {
    const { requests } = setup();
    await screen.findByText("owner@example.com");
    expect(new URL(requests[0]!.url).search).toBe("?groups=7");

    const emails = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
    // The owner and a member waiting for activation are marked beside the address.
    expect(emails).toEqual([
      "hanako@example.com",
      `jiro@example.com${ja.members.pendingTag}`,
      `owner@example.com${ja.members.ownerTag}`,
    ]);
    expect(screen.getByRole("columnheader", { name: ja.members.email })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );

    const owner = rowOf("owner@example.com");
    expect(within(owner).queryByRole("switch")).not.toBeInTheDocument();
    expect(within(owner).queryByRole("button", { name: /削除/ })).not.toBeInTheDocument();

    const staff = rowOf("jiro@example.com");
    expect(within(staff).getByRole("switch")).not.toBeChecked();
    expect(within(staff).getByRole("button", { name: /削除/ })).toBeInTheDocument();
  });

  it("filters by email, first or last name, case-insensitively", async () => {
    const { user } = setup();
    await screen.findByText("owner@example.com");
    const search = screen.getByRole("searchbox", { name: ja.members.search });

    await user.type(search, "SATO");
    expect(screen.getByText("hanako@example.com")).toBeInTheDocument();
    expect(screen.queryByText("jiro@example.com")).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, "田中");
    expect(screen.getByText("jiro@example.com")).toBeInTheDocument();
    expect(screen.queryByText("hanako@example.com")).not.toBeInTheDocument();
  });

  it("toggles sort direction on the same header", async () => {
    const { user } = setup();
    await screen.findByText("owner@example.com");
    await user.click(screen.getByRole("button", { name: ja.members.email }));
    expect(screen.getByRole("columnheader", { name: ja.members.email })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    const first = screen.getAllByRole("row")[1];
    expect(first).toHaveTextContent("owner@example.com");
  });

  it("asks 本当にこのユーザーを削除しますか？ with the email, then deletes with the group id", async () => {
    const { user, requests } = setup({ "DELETE /api/user/3/": json(204, null) });
    await screen.findByText("jiro@example.com");
    await user.click(within(rowOf("jiro@example.com")).getByRole("button", { name: /削除/ }));

    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(ja.members.deleteTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(ja.members.deleteConfirm)).toBeInTheDocument();
    expect(within(dialog).getByText("jiro@example.com")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: ja.common.cancel })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: ja.members.delete }));
    await waitFor(() =>
      expect(screen.queryByRole("cell", { name: "jiro@example.com" })).not.toBeInTheDocument(),
    );
    const deletion = requests.find((r) => route(r) === "DELETE /api/user/3/");
    expect(new URL(deletion!.url).search).toBe("?groupid=7");
  });

  it("saves the active switch at once and alerts when that fails", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const { user } = setup({ "PATCH /api/user/3/": json(403, { detail: "no" }) });
    await screen.findByText("jiro@example.com");
    await user.click(within(rowOf("jiro@example.com")).getByRole("switch"));
    await expectAlertDialog(ja.errors.memberStateFailed);
    expect(within(rowOf("jiro@example.com")).getByRole("switch")).not.toBeChecked();
  });

  it("alerts when the list cannot be loaded", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(() => json(500, {}));
    renderPage(<MemberListPage />, { at: "/user", session: ownerSession });
    await expectAlertDialog(ja.errors.userFetchFailed);
  });

  it("applies members.upserted and members.deleted events without reloading", async () => {
    const { requests } = setup();
    await screen.findByText("hanako@example.com");

    emit("members.upserted", {
      seq: 5,
      user: member(4, "new@example.com", "新", "人", { is_member: false }),
    });
    expect(await screen.findByText("new@example.com")).toBeInTheDocument();

    emit("members.upserted", {
      seq: 6,
      user: member(2, "hanako@example.com", "Hanako", "Sato", { is_member: false, version: 3 }),
    });
    await waitFor(() => expect(within(rowOf("hanako@example.com")).getByRole("switch")).not.toBeChecked());

    emit("members.deleted", { seq: 7, id: 3 });
    await waitFor(() => expect(screen.queryByText("jiro@example.com")).not.toBeInTheDocument());
    // Late, from another process: an older toggle of 2, and a change of 3 committed before its delete.
    emit("members.upserted", {
      seq: 8,
      user: member(2, "hanako@example.com", "Hanako", "Sato", { is_member: true, version: 2 }),
    });
    emit("members.upserted", { seq: 9, user: member(3, "jiro@example.com", "Jiro", "Ito", { version: 2 }) });
    await new Promise((r) => setTimeout(r, 100));
    expect(within(rowOf("hanako@example.com")).getByRole("switch")).not.toBeChecked();
    expect(screen.queryByText("jiro@example.com")).not.toBeInTheDocument();
    expect(requests.map(route)).toEqual(["GET /api/user/"]);
  });

  it("downloads the member CSV as exported_data.csv with the bearer token", async () => {
    sessionStorage.setItem("access_token", "jwt");
    const csv = new Response("\ufeffemail\r\n", { status: 200, headers: { "Content-Type": "text/csv" } });
    const { user, requests } = setup({ "GET /api/export-csv/": csv });
    const createObjectURL = jest.fn(() => "blob:csv");
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    let downloaded: string | null = null;
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await screen.findByText("owner@example.com");

    await user.click(screen.getByRole("button", { name: ja.members.csvExport }));

    await waitFor(() => expect(downloaded).toBe("exported_data.csv"));
    const exportCall = requests.find((r) => route(r) === "GET /api/export-csv/");
    expect(new URL(exportCall!.url).search).toBe("?groupid=7");
    expect(exportCall?.headers.get("Authorization")).toBe("Bearer jwt");
    // The blob is Node's (the stubbed Response is Node's), so check its shape, not its class.
    expect((createObjectURL.mock.calls[0] as unknown[] | undefined)?.[0]).toMatchObject({ type: "text/csv" });
  });
});
