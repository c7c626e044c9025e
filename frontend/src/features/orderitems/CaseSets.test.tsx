import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { CaseSetLineDto, ItemSetDto, SetAllocationResultDto } from "@zaiko/common/sets/sets.schema";
import type { OrderItemDto, SummaryRowDto } from "../../lib/allocation";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { workCaseDto } from "../../test/workCases";
import { OrderItemsPage } from "./OrderItemsPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.orderitems;
const s = ja.sets;
const workcase = workCaseDto({});

const summary = (id: number, name: string, stock: number, shippable: number): SummaryRowDto => ({
  id,
  name,
  category: "音響",
  category_id: 1,
  stock_quantity: stock,
  shippable_quantity: shippable,
});
const orderItem = (
  id: number,
  itemId: number,
  title: string,
  quantity: number,
  version = 1,
): OrderItemDto => ({
  id,
  version,
  items: { id: itemId, title, category_name: "音響", unit_tracked: false },
  work_case: 5,
  order_quantity: quantity,
  start_date: workcase.start_date,
  end_date: workcase.end_date,
  issue: null,
  receive: null,
  note: "",
  category: "音響",
  issued_quantity: 0,
  received_quantity: 0,
  units_out: [],
});
const parts = [
  { item: 11, title: "スピーカー", quantity: 2 },
  { item: 12, title: "ミキサー", quantity: 1 },
];
const paSet: ItemSetDto = {
  id: 40,
  title: "PAセット",
  category: 1,
  category_name: "音響",
  note: "",
  parts,
  used_by: 1,
  created: workcase.created,
  group: 7,
  version: 1,
};
const line = (quantity: number, version = 1): CaseSetLineDto => ({
  id: 70,
  work_case: 5,
  set: 40,
  title: "PAセット",
  quantity,
  parts,
  changed: false,
  version,
});

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(
    routes({
      "GET /api/workcases/5/": json(200, workcase),
      // Speakers: 5 free (2 sets); mixers: 3 free. The case holds 1 set and one speaker alone.
      "GET /api/inventorysummary/5/summary/": json(200, [
        summary(11, "スピーカー", 8, 5),
        summary(12, "ミキサー", 4, 3),
      ]),
      "GET /api/orderitems/": json(200, [
        orderItem(100, 11, "スピーカー", 3),
        orderItem(101, 12, "ミキサー", 1),
      ]),
      "GET /api/categories/": json(200, [{ id: 1, category: "音響", group: 7, version: 1 }]),
      "GET /api/sets/": json(200, [paSet]),
      "GET /api/setlines/": json(200, [line(1)]),
      ...extra,
    }),
  );
  const view = renderPage(<OrderItemsPage />, {
    at: "/orderitems/5",
    path: "/orderitems/:caseId",
    session: ownerSession,
  });
  return { ...view, ...net };
}

const inventory = () => screen.getAllByRole("region", { name: t.inventoryCard })[0] as HTMLElement;
const shipped = () => screen.getAllByRole("region", { name: t.shippedCard })[0] as HTMLElement;
const setRow = () => within(inventory()).getByText("PAセット").closest("tr") as HTMLElement;

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("sets on the case screen", () => {
  it("shows the sets the case can take by the set rule, and the set line with its parts folded under it", async () => {
    const { user } = setup();
    await within(inventory()).findByText("PAセット");
    // min(⌊5 ÷ 2⌋, ⌊3 ÷ 1⌋) = 2
    expect(within(setRow()).getByText(s.count(2))).toBeInTheDocument();
    expect(within(setRow()).getByRole("button", { name: s.add("PAセット") })).toBeInTheDocument();

    const sets = within(shipped()).getByRole("region", { name: s.heading });
    expect(within(sets).getByText(s.count(1))).toBeInTheDocument();
    // The parts are folded until opened.
    const toggle = within(sets).getByRole("button", { name: s.showParts("PAセット") });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(within(sets).queryByText(s.part("スピーカー", 2, 2))).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(within(sets).getByText(s.part("スピーカー", 2, 2))).toBeInTheDocument();
    expect(within(sets).getByText(s.part("ミキサー", 1, 1))).toBeInTheDocument();

    // Items booked alone: the one speaker beyond the set, with its own '−'; the mixer only through the set.
    const table = within(shipped()).getByRole("table");
    const speakerRow = within(table).getByText("スピーカー").closest("tr") as HTMLElement;
    expect(within(speakerRow).getByText("1")).toBeInTheDocument();
    expect(within(speakerRow).getByRole("button", { name: t.reduce("スピーカー") })).toBeInTheDocument();
    expect(within(table).queryByText("ミキサー")).not.toBeInTheDocument();
  });

  it("lowers the shippable sets live when another coordinator books a part, and drops the '+' at 0", async () => {
    setup();
    await within(inventory()).findByText("PAセット");
    serverEmit("inventory.changed", { seq: 2, case_id: 5, rows: [summary(11, "スピーカー", 8, 3)] });
    await waitFor(() => expect(within(setRow()).getByText(s.count(1))).toBeInTheDocument());
    serverEmit("inventory.changed", { seq: 3, case_id: 5, rows: [summary(12, "ミキサー", 4, 0)] });
    await waitFor(() => expect(within(setRow()).getByText(s.count(0))).toBeInTheDocument());
    expect(within(setRow()).queryByRole("button", { name: s.add("PAセット") })).not.toBeInTheDocument();
  });

  it("books a set with '+' and takes the answer into the line, the parts and the numbers at once", async () => {
    const answer: SetAllocationResultDto = {
      line: line(2, 2),
      order_items: [orderItem(100, 11, "スピーカー", 5, 2), orderItem(101, 12, "ミキサー", 2, 2)],
      deleted_order_items: [],
      summary: [summary(11, "スピーカー", 8, 3), summary(12, "ミキサー", 4, 2)],
    };
    const { user, requests } = setup({ "POST /api/addset/40/5/": json(200, answer) });
    await within(inventory()).findByText("PAセット");
    await user.click(within(setRow()).getByRole("button", { name: s.add("PAセット") }));
    await waitFor(() =>
      expect(requests.filter((r) => route(r) === "POST /api/addset/40/5/")).toHaveLength(1),
    );
    const sets = within(shipped()).getByRole("region", { name: s.heading });
    await waitFor(() => expect(within(sets).getByText(s.count(2))).toBeInTheDocument());
    expect(within(setRow()).getByText(s.count(1))).toBeInTheDocument();
    // The speaker booked alone is still the one beyond the sets' 4.
    const speakerRow = within(within(shipped()).getByRole("table"))
      .getByText("スピーカー")
      .closest("tr") as HTMLElement;
    expect(within(speakerRow).getByText("1")).toBeInTheDocument();
  });

  it("names the short part when a set is refused", async () => {
    const refusal = {
      error: s.shortage,
      shortages: [{ item_id: 12, title: "ミキサー", required: 5, available: 4 }],
      tentative_holds: [],
    };
    const { user } = setup({ "POST /api/addset/40/5/": json(409, refusal) });
    await within(inventory()).findByText("PAセット");
    await user.click(within(setRow()).getByRole("button", { name: s.add("PAセット") }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(s.notAdded("PAセット", 1));
    expect(alert).toHaveTextContent("ミキサー");
  });

  it("shows no set section for a group without sets", async () => {
    setup({ "GET /api/sets/": json(200, []), "GET /api/setlines/": json(200, []) });
    await within(inventory()).findByText("スピーカー");
    expect(screen.queryByRole("heading", { name: s.heading })).not.toBeInTheDocument();
    expect(within(shipped()).queryByRole("region", { name: s.heading })).not.toBeInTheDocument();
  });
  it("a line of a deleted set keeps its parts, says so, and its '−' reduces it by its own id", async () => {
    const gone = { ...line(1), set: null };
    const answer: SetAllocationResultDto = {
      line: null,
      order_items: [orderItem(100, 11, "スピーカー", 1, 2)],
      deleted_order_items: [101],
      summary: [summary(11, "スピーカー", 8, 7), summary(12, "ミキサー", 4, 4)],
    };
    const { user, requests } = setup({
      "GET /api/sets/": json(200, []),
      "GET /api/setlines/": json(200, [gone]),
      "POST /api/setlines/70/reduce/": json(200, answer),
    });
    const sets = await within(shipped()).findByRole("region", { name: s.heading });
    expect(within(sets).queryByRole("button", { name: s.add("PAセット") })).not.toBeInTheDocument();
    await user.click(within(sets).getByRole("button", { name: s.showParts("PAセット") }));
    expect(within(sets).getByText(s.deleted)).toBeInTheDocument();
    await user.click(within(sets).getByRole("button", { name: s.reduce("PAセット") }));
    await waitFor(() =>
      expect(requests.filter((r) => route(r) === "POST /api/setlines/70/reduce/")).toHaveLength(1),
    );
    // The line is gone; the speaker booked alone stays, the mixer that only the set held goes.
    await waitFor(() =>
      expect(within(shipped()).queryByRole("region", { name: s.heading })).not.toBeInTheDocument(),
    );
    const table = within(shipped()).getByRole("table");
    expect(within(table).getByText("スピーカー")).toBeInTheDocument();
    expect(within(table).queryByText("ミキサー")).not.toBeInTheDocument();
  });
});
