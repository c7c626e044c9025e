import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { SetListPage } from "./SetListPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const s = ja.sets;
const set = (id: number, title: string, usedBy: number, version = 1): ItemSetDto => ({
  id,
  title,
  category: 1,
  category_name: "音響",
  note: "",
  parts: [
    { item: 11, title: "スピーカー", quantity: 2 },
    { item: 12, title: "ミキサー", quantity: 1 },
  ],
  used_by: usedBy,
  created: "2026-11-20T00:00:00Z",
  group: 7,
  version,
});
const week = {
  results: {
    items: [
      { id: 11, title: "スピーカー", category_name: "音響" },
      { id: 12, title: "ミキサー", category_name: "音響" },
    ],
    categories: [{ id: 1, category: "音響", group: 7, version: 1 }],
    days: [],
    before: "2026-11-13",
    next: "2026-11-27",
  },
};

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const table = routes({
    "GET /api/sets/": json(200, [set(40, "PAセット", 2), set(41, "会議セット", 0)]),
    ...extra,
  });
  // The part choices come from today's weekly view (/api/items/{y}/{m}/{d}/), whatever the day.
  const net = stubFetch((request) =>
    /^GET \/api\/items\/\d{4}\/\d{2}\/\d{2}\/$/.test(route(request)) ? json(200, week) : table(request),
  );
  const view = renderPage(<SetListPage />, { at: "/sets", session: ownerSession });
  return { ...view, ...net };
}

const rowOf = (title: string) => screen.getByRole("cell", { name: title }).closest("tr") as HTMLElement;

async function openedDialog(name: string) {
  const dialog = await screen.findByRole("dialog", { name });
  await waitFor(() => expect(dialog).toHaveClass("p-dialog-enter-done"));
  return dialog;
}

beforeEach(() => {
  jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("SetListPage", () => {
  it("lists the sets with their parts and how many cases booked each, live", async () => {
    setup();
    await screen.findByText("PAセット");
    expect(within(rowOf("PAセット")).getByText(s.partsSummary(set(40, "", 0).parts))).toBeInTheDocument();
    expect(within(rowOf("PAセット")).getByText(s.usedByCount(2))).toBeInTheDocument();
    serverEmit("sets.upserted", { seq: 2, set: { ...set(40, "PAセット大", 2, 2) } });
    await screen.findByText("PAセット大");
    serverEmit("sets.deleted", { seq: 3, id: 41 });
    await waitFor(() => expect(screen.queryByText("会議セット")).not.toBeInTheDocument());
  });

  it("edits a set's parts: the form is prefilled, a bad quantity blocks saving, PUT sends the parts", async () => {
    const { user, requests } = setup({ "PUT /api/sets/40/": json(200, set(40, "PAセット", 2, 2)) });
    await screen.findByText("PAセット");
    await user.click(within(rowOf("PAセット")).getByRole("button", { name: `${s.edit}: PAセット` }));
    const dialog = await openedDialog(s.editTitle);
    const quantity = within(dialog).getByRole("textbox", { name: s.partQuantityLabel(1) });
    expect(quantity).toHaveValue("2");
    await user.clear(quantity);
    await user.type(quantity, "0");
    expect(await within(dialog).findByText(s.partQuantity)).toBeInTheDocument();
    const save = within(dialog).getByRole("button", { name: s.update });
    expect(save).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, "4");
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const put = requests.find((r) => route(r) === "PUT /api/sets/40/");
    expect(await put?.json()).toEqual({
      title: "PAセット",
      category: 1,
      note: "",
      parts: [
        { item: 11, quantity: 4 },
        { item: 12, quantity: 1 },
      ],
      group: 7,
    });
  });

  it("warns before deleting a set that cases booked, and says nothing is booked otherwise", async () => {
    const { user, requests } = setup({ "DELETE /api/sets/40/": new Response(null, { status: 204 }) });
    await screen.findByText("PAセット");
    await user.click(within(rowOf("会議セット")).getByRole("button", { name: `${s.delete}: 会議セット` }));
    let dialog = await openedDialog(s.deleteTitle);
    expect(within(dialog).getByText(s.deleteUnused)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: ja.common.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(within(rowOf("PAセット")).getByRole("button", { name: `${s.delete}: PAセット` }));
    dialog = await openedDialog(s.deleteTitle);
    expect(within(dialog).getByText(s.deleteUsed(2))).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: s.delete }));
    await waitFor(() => expect(requests.some((r) => route(r) === "DELETE /api/sets/40/")).toBe(true));
  });
});
