import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ja } from "@zaiko/common/messages/ja";
import { MemoryRouter } from "react-router-dom";
import { type SessionState, signedOutSession } from "../../lib/session";
import { ownerSession, staffSession } from "../../test/render";
import { Header } from "./Header";
import { navEntries } from "./navEntries";

function renderHeader(session: SessionState, onLogout = jest.fn(), pendingMembers = 0) {
  render(
    <MemoryRouter>
      <Header session={session} pendingMembers={pendingMembers} onLogout={onLogout} />
      <p>content</p>
    </MemoryRouter>,
  );
  return { onLogout, user: userEvent.setup() };
}

function stubPhoneWidth(matches: boolean) {
  jest.spyOn(window, "matchMedia").mockImplementation(
    (query) =>
      ({
        matches,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => jest.restoreAllMocks());

describe("Header", () => {
  it("shows the title and ログイン / サインアップ when signed out, and no chips", () => {
    renderHeader(signedOutSession);
    expect(screen.getByText(ja.app.title)).toBeInTheDocument();
    const nav = screen.getByRole("navigation");
    expect(within(nav).getByRole("link", { name: ja.nav.login })).toHaveAttribute("href", "/login");
    expect(within(nav).getByRole("link", { name: ja.nav.signup })).toHaveAttribute("href", "/signup");
    expect(within(nav).queryByText(ja.nav.logout)).not.toBeInTheDocument();
    expect(screen.queryByText(ownerSession.email)).not.toBeInTheDocument();
  });

  it("shows ワークケース, カテゴリ, アイテム (today) and ログアウト when signed in", async () => {
    const { onLogout, user } = renderHeader(staffSession);
    const nav = screen.getByRole("navigation");
    expect(within(nav).getByRole("link", { name: ja.nav.workcase })).toHaveAttribute("href", "/workcase");
    expect(within(nav).getByRole("link", { name: ja.nav.category })).toHaveAttribute("href", "/category");
    expect(within(nav).getByRole("link", { name: ja.nav.item }).getAttribute("href")).toMatch(
      /^\/item\/\d{4}\/\d{2}\/\d{2}$/,
    );
    expect(within(nav).getByRole("link", { name: ja.warehouse.nav })).toHaveAttribute("href", "/warehouse");
    expect(within(nav).queryByRole("link", { name: ja.nav.login })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole("button", { name: ja.nav.logout }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it("links the item entry to today's date in Tokyo, zero-padded", () => {
    // 2026-01-04 20:30 UTC is already 2026-01-05 in Tokyo.
    const item = navEntries(true, new Date("2026-01-04T20:30:00Z")).find((e) => e.label === ja.nav.item);
    expect(item).toEqual({ kind: "link", to: "/item/2026/01/05", label: ja.nav.item });
  });

  it("makes the group chip a link to /user for an owner", () => {
    renderHeader(ownerSession);
    const groupLink = screen.getByText("東京機材").closest("a");
    expect(groupLink).toHaveAttribute("href", "/user");
    expect(screen.getByText(ownerSession.email).closest("a")).toHaveAttribute("href", "/useredit/1");
  });

  it("shows the group chip as plain text for staff", () => {
    renderHeader(staffSession);
    expect(screen.getByText("東京機材").closest("a")).toBeNull();
    expect(screen.getByText(staffSession.email).closest("a")).toHaveAttribute("href", "/useredit/2");
  });

  it("collapses into a menu button on a phone; the list closes on a content click", async () => {
    stubPhoneWidth(true);
    const { user } = renderHeader(ownerSession);
    expect(screen.queryByRole("link", { name: ja.nav.workcase })).not.toBeInTheDocument();

    const menu = screen.getByRole("button", { name: ja.nav.menu });
    expect(menu).toHaveAttribute("aria-expanded", "false");
    await user.click(menu);
    expect(menu).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: ja.nav.workcase })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: ja.nav.category })).toBeInTheDocument();

    await user.click(screen.getByText("content"));
    expect(screen.queryByRole("link", { name: ja.nav.workcase })).not.toBeInTheDocument();
  });

  it("closes the phone menu when an entry is chosen", async () => {
    stubPhoneWidth(true);
    const { user } = renderHeader(staffSession);
    await user.click(screen.getByRole("button", { name: ja.nav.menu }));
    await user.click(screen.getByRole("link", { name: ja.nav.category }));
    expect(screen.queryByRole("link", { name: ja.nav.category })).not.toBeInTheDocument();
  });

  it("gives owners メンバー in the navigation, with the number of members waiting for activation", async () => {
    renderHeader(ownerSession, jest.fn(), 2);
    const nav = screen.getByRole("navigation");
    const members = within(nav).getByRole("link", { name: ja.feedback.membersNavPending(2) });
    expect(members).toHaveAttribute("href", "/user");
    expect(members).toHaveTextContent("2");
  });

  it("shows メンバー without a count when nobody waits, and not at all to staff", () => {
    renderHeader(ownerSession);
    expect(
      within(screen.getByRole("navigation")).getByRole("link", { name: ja.feedback.membersNav }),
    ).toBeInTheDocument();
    cleanup();
    renderHeader(staffSession, jest.fn(), 3);
    expect(within(screen.getByRole("navigation")).queryByRole("link", { name: /^メンバー/ })).toBeNull();
  });

  it("marks the phone menu button while members wait", () => {
    stubPhoneWidth(true);
    renderHeader(ownerSession, jest.fn(), 1);
    expect(screen.getByRole("button", { name: ja.feedback.menuPending })).toBeInTheDocument();
  });
});
