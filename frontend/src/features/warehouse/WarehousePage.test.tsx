import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { WarehouseBoardDto, WarehouseRowDto } from "@zaiko/common/warehouse/warehouse.schema";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { WarehousePage } from "./WarehousePage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.warehouse;

const row = (id: number, title: string, extra: Partial<WarehouseRowDto> = {}): WarehouseRowDto => ({
  id,
  item: { id: id + 100, title, category_name: "音響" },
  order_quantity: 2,
  start_date: "2026-11-22T09:00:00+09:00",
  end_date: "2026-11-24T18:00:00+09:00",
  issue: null,
  receive: null,
  outgoing: true,
  returning: false,
  ...extra,
});

const speaker = row(1, "スピーカー");
const microphone = row(2, "マイク");

const board: WarehouseBoardDto = {
  overdue: [
    {
      id: 9,
      title: "先週の展示会",
      start_date: "2026-11-10T09:00:00+09:00",
      end_date: "2026-11-15T18:00:00+09:00",
      rows: [
        row(7, "延長コード", {
          start_date: "2026-11-10T09:00:00+09:00",
          end_date: "2026-11-15T18:00:00+09:00",
          issue: "2026-11-10T09:00:00+09:00",
          outgoing: false,
          returning: true,
        }),
      ],
    },
  ],
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
          rows: [speaker, microphone],
        },
      ],
    },
    { date: "2026-11-23", label: "11/23(月)", cases: [] },
  ],
  from: "2026-11-21T15:00:00.000Z",
  to: "2026-11-23T15:00:00.000Z",
  now: "2026-11-22T01:00:00.000Z",
};

const asOrderItem = (r: WarehouseRowDto, extra: Partial<OrderItemDto> = {}): OrderItemDto => ({
  id: r.id,
  version: 1,
  items: r.item,
  work_case: 5,
  order_quantity: r.order_quantity,
  start_date: r.start_date,
  end_date: r.end_date,
  issue: r.issue,
  receive: r.receive,
  note: "",
  category: r.item.category_name,
  ...extra,
});

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(routes({ "GET /api/warehouse/": json(200, board), ...extra }));
  const view = renderPage(<WarehousePage />, { at: "/warehouse", session: ownerSession });
  return { ...view, ...net };
}

const rowOf = (title: string) => screen.getByText(title).closest("li") as HTMLElement;
const scanBox = () => screen.getByRole("searchbox", { name: t.scanLabel });

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("WarehousePage", () => {
  it("shows 期限超過 first, then today and tomorrow, rows grouped under their case", async () => {
    setup();
    await screen.findByText("スピーカー");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([t.overdue, t.today("11/22(日)"), t.tomorrow("11/23(月)")]);
    const today = screen.getByRole("region", { name: t.today("11/22(日)") });
    const festival = within(today).getByRole("article", { name: "秋祭り" });
    expect(
      within(festival)
        .getAllByRole("listitem")
        .map((li) => li.querySelector(".wh-row-title")?.textContent),
    ).toEqual(["スピーカー", "マイク"]);
    expect(
      within(screen.getByRole("region", { name: t.tomorrow("11/23(月)") })).getByText(t.emptyDay),
    ).toBeVisible();
    expect(rowOf("延長コード")).toHaveClass("wh-row--overdue");
    expect(within(rowOf("延長コード")).getByText(t.issued)).toBeVisible();
  });

  it("Enter on a scanned title highlights that row and clears the box for the next scan", async () => {
    const { user } = setup();
    await screen.findByText("マイク");
    await user.type(scanBox(), "マイク{Enter}");
    expect(rowOf("マイク")).toHaveClass("wh-row--found");
    expect(rowOf("マイク")).toHaveAttribute("aria-current", "true");
    expect(rowOf("スピーカー")).not.toHaveClass("wh-row--found");
    expect(scanBox()).toHaveValue("");
    expect(scanBox()).toHaveFocus();
    expect(screen.getByText(t.scanFound("マイク", 1))).toBeVisible();

    // An item id (as a barcode may carry it, here typed full-width) moves the highlight.
    await user.type(scanBox(), "１０１{Enter}");
    expect(rowOf("スピーカー")).toHaveClass("wh-row--found");
    expect(rowOf("マイク")).not.toHaveClass("wh-row--found");

    await user.type(scanBox(), "プロジェクター{Enter}");
    expect(screen.getByText(t.scanNoMatch("プロジェクター"))).toBeVisible();
    expect(document.querySelector(".wh-row--found")).toBeNull();
  });

  it("a key typed while a toggle has the focus goes to the scan box", async () => {
    const { user } = setup({
      "PATCH /api/orderitems/1/": (req) => req.json().then((body) => json(200, asOrderItem(speaker, body))),
    });
    await screen.findByText("スピーカー");
    await user.click(
      within(rowOf("スピーカー")).getByRole("button", { name: t.toggleLabel(t.issue, "スピーカー") }),
    );
    await user.keyboard("マイク{Enter}");
    expect(rowOf("マイク")).toHaveClass("wh-row--found");
  });

  it("出庫 sends the issue time and turns into 出庫解除; a refused 入庫 shows 出庫がされていません", async () => {
    const { user, requests } = setup({
      "PATCH /api/orderitems/1/": (req) => req.json().then((body) => json(200, asOrderItem(speaker, body))),
      "PATCH /api/orderitems/2/": json(409, { error: ja.allocation.notIssued }),
    });
    await screen.findByText("スピーカー");
    await user.click(
      within(rowOf("スピーカー")).getByRole("button", { name: t.toggleLabel(t.issue, "スピーカー") }),
    );
    expect(
      await within(rowOf("スピーカー")).findByRole("button", {
        name: t.toggleLabel(t.unissue, "スピーカー"),
      }),
    ).toBeVisible();
    const sent = await requests
      .find((r) => route(r) === "PATCH /api/orderitems/1/")!
      .clone()
      .json();
    expect(Object.keys(sent)).toEqual(["issue"]);
    expect(Number.isNaN(Date.parse(sent.issue))).toBe(false);
    expect(within(rowOf("スピーカー")).getByText(t.issued)).toBeVisible();

    await user.click(
      within(rowOf("マイク")).getByRole("button", { name: t.toggleLabel(t.receive, "マイク") }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(ja.allocation.notIssued)).toBeVisible();
  });

  it("applies another screen's toggle live, and refetches when a new movement concerns the board", async () => {
    const { requests } = setup();
    await screen.findByText("マイク");
    const mic = microphone;
    serverEmit("orderitems.upserted", {
      seq: 1,
      order_item: asOrderItem(mic, { issue: "2026-11-22T09:10:00+09:00" }),
    });
    expect(
      await within(rowOf("マイク")).findByRole("button", { name: t.toggleLabel(t.unissue, "マイク") }),
    ).toBeVisible();
    serverEmit("orderitems.deleted", { seq: 2, id: 7, work_case: 9 });
    await waitFor(() => expect(screen.queryByText("延長コード")).not.toBeInTheDocument());
    expect(screen.queryByRole("heading", { name: t.overdue })).not.toBeInTheDocument();
    const gets = () => requests.filter((r) => route(r) === "GET /api/warehouse/").length;
    expect(gets()).toBe(1);
    serverEmit("orderitems.upserted", {
      seq: 3,
      order_item: asOrderItem(row(50, "照明"), { start_date: "2026-11-23T10:00:00+09:00" }),
    });
    await waitFor(() => expect(gets()).toBe(2));
  });

  it("switches to the wall-screen mode and back", async () => {
    const { user } = setup();
    await screen.findByText("マイク");
    await user.click(screen.getByRole("button", { name: t.wallOn }));
    expect(document.querySelector(".warehouse")).toHaveClass("warehouse--wall");
    await user.click(screen.getByRole("button", { name: t.wallOff }));
    expect(document.querySelector(".warehouse")).not.toHaveClass("warehouse--wall");
  });
});
