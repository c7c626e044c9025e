import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { WarehouseBoardDto, WarehouseRowDto } from "@zaiko/common/warehouse/warehouse.schema";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { unitDto } from "../../test/units";
import { WarehousePage } from "./WarehousePage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.warehouse;

const row = (id: number, title: string, order_quantity: number): WarehouseRowDto => ({
  id,
  item: { id: id + 100, title, category_name: "音響" },
  order_quantity,
  start_date: "2026-11-22T09:00:00+09:00",
  end_date: "2026-11-24T18:00:00+09:00",
  issue: null,
  receive: null,
  version: 1,
  issued_quantity: 0,
  received_quantity: 0,
  lost_quantity: 0,
  broken_quantity: 0,
  outgoing: true,
  returning: false,
});

// 2 PA sets (2 speakers + 1 mixer each) and 1 speaker alone; cables alone.
const speaker = row(1, "スピーカー", 5);
const mixer = row(2, "ミキサー", 2);
const cable = row(3, "XLRケーブル", 3);

const board: WarehouseBoardDto = {
  overdue: [],
  days: [
    {
      date: "2026-11-22",
      label: "11/22(日)",
      cases: [
        {
          id: 5,
          title: "秋祭り",
          start_date: "2026-11-22T09:00:00+09:00",
          end_date: "2026-11-24T18:00:00+09:00",
          rows: [cable, speaker, mixer],
          set_lines: [
            {
              id: 40,
              title: "PAセット",
              quantity: 2,
              parts: [
                { order_item: 1, item: 101, title: "スピーカー", quantity: 4 },
                { order_item: 2, item: 102, title: "ミキサー", quantity: 2 },
              ],
            },
          ],
        },
      ],
    },
    { date: "2026-11-23", label: "11/23(月)", cases: [] },
  ],
  from: "2026-11-21T15:00:00.000Z",
  to: "2026-11-23T15:00:00.000Z",
  now: "2026-11-22T01:00:00.000Z",
};

const issued = (r: WarehouseRowDto, units: number): OrderItemDto => ({
  id: r.id,
  version: r.version + 1,
  items: { ...r.item, unit_tracked: r.units_out !== undefined },
  work_case: 5,
  order_quantity: r.order_quantity,
  start_date: r.start_date,
  end_date: r.end_date,
  issue: "2026-11-22T09:05:00+09:00",
  receive: null,
  issued_quantity: units,
  received_quantity: 0,
  units_out: r.units_out ?? [],
  note: "",
  category: r.item.category_name,
});

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(
    routes({
      "GET /api/warehouse/": json(200, board),
      "GET /api/warehouse/overdue/": json(200, []),
      ...extra,
    }),
  );
  return { ...renderPage(<WarehousePage />, { at: "/warehouse", session: ownerSession }), ...net };
}

const titles = (scope: HTMLElement) =>
  [...scope.querySelectorAll(".wh-row-title")].map((el) => el.textContent ?? "");

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("a set on the warehouse board", () => {
  it("groups the set's parts under it, with what one tap moves, and the other rows after it", async () => {
    setup();
    const group = await screen.findByRole("listitem", { name: "PAセット" });
    expect(within(group).getByText(t.sets(2))).toBeVisible();
    expect(within(group).getByText("スピーカー 4個・ミキサー 2個")).toBeVisible();
    expect(titles(group)).toEqual(["スピーカー", "ミキサー"]);
    const festival = screen.getByRole("article", { name: "秋祭り" });
    expect(titles(festival)).toEqual(["スピーカー", "ミキサー", "XLRケーブル"]);
  });

  it("issues the whole set in one request and shows every part's new state at once", async () => {
    const { user, requests } = setup({
      "POST /api/setlines/40/issue/": json(200, { order_items: [issued(speaker, 4), issued(mixer, 2)] }),
    });
    const group = await screen.findByRole("listitem", { name: "PAセット" });
    await user.click(within(group).getByRole("button", { name: t.toggleLabel(t.setIssue, "PAセット") }));
    await waitFor(() => expect(within(group).getByText(t.partlyIssued(4, 5))).toBeVisible());
    const rows = within(group).getAllByRole("listitem");
    expect(within(rows[1]!).getByText(t.issued)).toBeVisible();
    expect(requests.filter((r) => r.method === "POST").map(route)).toEqual(["POST /api/setlines/40/issue/"]);
    // The cables, booked alone, did not move.
    const cableRow = screen.getByText("XLRケーブル").closest("li") as HTMLElement;
    expect(within(cableRow).getByText(t.notIssued)).toBeVisible();
  });

  it("shows the server's refusal naming the part, and changes no row", async () => {
    const error = ja.sets.partRefused("ミキサー", ja.movements.nothingToIssue);
    const { user } = setup({ "POST /api/setlines/40/receive/": json(409, { error }) });
    const group = await screen.findByRole("listitem", { name: "PAセット" });
    await user.click(within(group).getByRole("button", { name: t.toggleLabel(t.setReceive, "PAセット") }));
    expect(await screen.findByText(error)).toBeVisible();
    expect(within(group).getAllByText(t.notIssued)).toHaveLength(2);
  });

  it("reads the board again when a set is booked or reduced on a case it shows, not on another case", async () => {
    const { requests } = setup();
    await screen.findByRole("listitem", { name: "PAセット" });
    const reads = () => requests.filter((r) => route(r) === "GET /api/warehouse/").length;
    expect(reads()).toBe(1);
    serverEmit("setlines.deleted", { seq: 1, id: 41, work_case: 99 });
    serverEmit("setlines.upserted", { seq: 2, line: { id: 42, work_case: 99, version: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads()).toBe(1);
    serverEmit("setlines.upserted", { seq: 3, line: { id: 40, work_case: 5, version: 2 } });
    await waitFor(() => expect(reads()).toBe(2));
  });

  it("a set with a tracked part asks for that part's units in the same step and sends them with the set", async () => {
    const mixerUnit = (id: number) => unitDto(id, { item: 102, item_title: "ミキサー", tag: `MX-000${id}` });
    const [first, second] = board.days;
    const tracked: WarehouseBoardDto = {
      ...board,
      days: [
        {
          ...first,
          cases: first.cases.map((c) => ({ ...c, rows: [cable, speaker, { ...mixer, units_out: [] }] })),
        },
        second,
      ],
    };
    const { user, requests } = setup({
      "GET /api/warehouse/": json(200, tracked),
      "GET /api/units/": json(200, [mixerUnit(1), mixerUnit(2), mixerUnit(3)]),
      "GET /api/units/lookup/": (request) =>
        json(200, mixerUnit(Number(new URL(request.url).searchParams.get("tag")!.slice(-1)))),
      "POST /api/setlines/40/issue/": json(200, { order_items: [issued(speaker, 4), issued(mixer, 2)] }),
    });
    const group = await screen.findByRole("listitem", { name: "PAセット" });
    await user.click(within(group).getByRole("button", { name: t.toggleLabel(t.setIssue, "PAセット") }));
    const dialog = await screen.findByRole("dialog", { name: ja.units.scanIssueTitle("PAセット") });
    // Only the tracked part is scanned: 2 mixers for 2 sets.
    expect(within(dialog).getByText(`${ja.units.scanned}（${ja.units.scannedCount(0, 2)}）`)).toBeVisible();
    const box = within(dialog).getByLabelText(ja.units.scanInput);
    await user.type(box, "MX-0001{Enter}");
    await user.type(box, "MX-0003{Enter}");
    await user.type(box, "MX-0002{Enter}");
    expect(await within(dialog).findByText(ja.units.tooMany(2))).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: ja.units.submitIssue(2) }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const posted = requests.filter((r) => route(r) === "POST /api/setlines/40/issue/");
    expect(posted).toHaveLength(1);
    expect(await posted[0]!.clone().json()).toEqual({ units: [1, 3] });
  });
});
