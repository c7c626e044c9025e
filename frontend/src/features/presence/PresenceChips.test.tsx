import { screen, waitFor } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import { emitted, reconnect, resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { ownerSession, renderPage } from "../../test/render";
import { PresenceChips } from "./PresenceChips";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.presence;
const onCase = { kind: "case", id: 5 };
const me = { id: ownerSession.id!, name: "山田 太郎" };
const hanako = { id: 3, name: "佐藤 花子" };
const jiro = { id: 4, name: "鈴木 次郎" };

const enters = () => emitted.filter(([event]) => event === "presence.enter").map(([, place]) => place);
/** The names on the chips, in order (each chip also shows the name's first character as an avatar). */
const names = () => screen.queryAllByRole("listitem").map((li) => li.lastElementChild?.textContent);
const leaves = () => emitted.filter(([event]) => event === "presence.leave").map(([, place]) => place);

beforeEach(resetFakeSocket);

describe("PresenceChips", () => {
  it("enters the case, shows the other members' names live and leaves when the screen goes", async () => {
    const { unmount } = renderPage(<PresenceChips caseId={5} />, { session: ownerSession });
    await waitFor(() => expect(enters()).toEqual([onCase]));
    // Alone on the case (the list names only me): nothing to show.
    serverEmit("presence.changed", { place: onCase, members: [me] });
    expect(screen.queryByRole("region", { name: t.region })).toBeNull();

    serverEmit("presence.changed", { place: onCase, members: [me, hanako, jiro] });
    const region = await screen.findByRole("region", { name: t.region });
    expect(region).toHaveTextContent(t.label);
    expect(names()).toEqual([hanako.name, jiro.name]);
    expect(region).not.toHaveTextContent(me.name);

    // Another case's list is not this screen's; a later list replaces the earlier one.
    serverEmit("presence.changed", { place: { kind: "case", id: 6 }, members: [me, jiro] });
    serverEmit("presence.changed", { place: { kind: "warehouse" }, members: [me, jiro] });
    await new Promise((r) => setTimeout(r, 50));
    expect(names()).toEqual([hanako.name, jiro.name]);
    serverEmit("presence.changed", { place: onCase, members: [me, jiro] });
    await waitFor(() => expect(names()).toEqual([jiro.name]));

    unmount();
    await waitFor(() => expect(leaves()).toEqual([onCase]));
  });

  it("shows nobody while disconnected and enters again after a reconnect (a new connection is in no room)", async () => {
    renderPage(<PresenceChips caseId={5} />, { session: ownerSession });
    await waitFor(() => expect(enters()).toHaveLength(1));
    serverEmit("presence.changed", { place: onCase, members: [me, hanako] });
    expect(await screen.findByText(hanako.name)).toBeInTheDocument();
    serverEmit("disconnect", "transport close");
    await waitFor(() => expect(screen.queryByText(hanako.name)).toBeNull());
    reconnect();
    expect(enters()).toEqual([onCase, onCase]);
  });

  it("shares one visit between two chips of one place and shows the warehouse board's viewers", async () => {
    renderPage(
      <>
        <PresenceChips warehouse />
        <PresenceChips warehouse />
      </>,
      { session: ownerSession },
    );
    await waitFor(() => expect(enters()).toEqual([{ kind: "warehouse" }]));
    serverEmit("presence.changed", { place: { kind: "warehouse" }, members: [hanako, me] });
    await waitFor(() => expect(screen.getAllByText(hanako.name)).toHaveLength(2));
  });
});
