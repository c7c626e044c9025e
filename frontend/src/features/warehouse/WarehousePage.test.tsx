import { act, screen, waitFor, within } from "@testing-library/react";
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
  version: 1,
  issued_quantity: 0,
  received_quantity: 0,
  lost_quantity: 0,
  broken_quantity: 0,
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

/** The order item of a board row, one version newer unless `extra` says otherwise (as a write makes it). */
const asOrderItem = (r: WarehouseRowDto, extra: Partial<OrderItemDto> = {}): OrderItemDto => ({
  id: r.id,
  version: r.version + 1,
  items: { ...r.item, unit_tracked: r.units_out !== undefined },
  work_case: 5,
  order_quantity: r.order_quantity,
  start_date: r.start_date,
  end_date: r.end_date,
  issue: r.issue,
  receive: r.receive,
  issued_quantity: r.issued_quantity,
  received_quantity: r.received_quantity,
  units_out: r.units_out ?? [],
  note: "",
  category: r.item.category_name,
  ...extra,
});

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(
    routes({
      "GET /api/warehouse/": json(200, board),
      "GET /api/warehouse/overdue/": json(200, []),
      ...extra,
    }),
  );
  const view = renderPage(<WarehousePage />, { at: "/warehouse", session: ownerSession });
  return { ...view, ...net };
}

/**
 * Lets `ms` pass inside act(), for the checks that nothing changes. A socket event's cache patch is one of
 * RTK Query's auto-batched actions: the store tells React on the next animation frame, after serverEmit's
 * act() has ended, so a bare timer would let that render happen outside act() and unflushed at the check.
 */
const pause = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));
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

  it("warns on a case going out that overdue units of another case leave short, read again live", async () => {
    const warning = {
      case_id: 5,
      warnings: [
        {
          item_id: 101,
          title: "スピーカー",
          required: 4,
          available: 3,
          overdue: [
            { case_id: 9, case_title: "先週の展示会", quantity: 2, end_date: "2026-11-15T09:00:00.000Z" },
          ],
        },
      ],
    };
    let answer: unknown[] = [warning];
    const { requests } = setup({ "GET /api/warehouse/overdue/": () => json(200, answer) });
    const today = await screen.findByRole("region", { name: t.today("11/22(日)") });
    const festival = within(today).getByRole("article", { name: "秋祭り" });
    const alert = await within(festival).findByRole("alert");
    expect(alert).toHaveTextContent(ja.outages.overdueTitle);
    expect(alert).toHaveTextContent(ja.outages.overdueLine("スピーカー", 4, 3));
    expect(alert).toHaveTextContent(ja.outages.overdueFrom("先週の展示会", 2, "2026年11月15日 18:00"));
    // Not on the overdue case itself, which the server does not list.
    const overdue = screen.getByRole("region", { name: t.overdue });
    expect(within(overdue).queryByRole("alert")).not.toBeInTheDocument();
    // Counted relative to what was read so far: the warnings' cache entry is kept for 0 s, so a render that
    // drops and takes its subscription again (a loaded machine) reads them once more; nothing rules it out.
    const gets = () => requests.filter((r) => route(r) === "GET /api/warehouse/overdue/").length;
    const readBefore = gets();
    expect(readBefore).toBeGreaterThanOrEqual(1);
    // The overdue units came back (another screen): the usage change re-reads the warnings, and it goes.
    answer = [];
    serverEmit("stock.changed", { seq: 1, item_ids: [101], from: null, to: null });
    await waitFor(() => expect(within(festival).queryByRole("alert")).not.toBeInTheDocument());
    expect(gets()).toBeGreaterThan(readBefore);
  });

  it("keeps the newest state of a row: an older event, or one replayed onto a newer answer, changes nothing", async () => {
    // The board's answer: first as loaded, then (refetch) after another user undid the 出庫 (version 3).
    let answer: WarehouseBoardDto = board;
    let release: () => void = () => undefined;
    const { requests } = setup({
      "GET /api/warehouse/": () =>
        new Promise((resolve) => {
          const body = answer;
          release = () => resolve(json(200, body));
          if (body === board) release();
        }),
    });
    await screen.findByText("マイク");
    const issue = "2026-11-22T09:10:00+09:00";
    const unissueButton = () =>
      within(rowOf("マイク")).queryByRole("button", { name: t.toggleLabel(t.unissue, "マイク") });

    // Version 3 (出庫 undone) arrives before version 2 (出庫) from another process: 3 stays.
    serverEmit("orderitems.upserted", {
      seq: 1,
      order_item: asOrderItem(microphone, { version: 3, issue: null }),
    });
    serverEmit("orderitems.upserted", { seq: 2, order_item: asOrderItem(microphone, { version: 2, issue }) });
    await pause(50);
    expect(unissueButton()).toBeNull();

    // A refetch is in flight when version 4 (出庫 again) arrives; the server read the board before it.
    answer = {
      ...board,
      days: [
        {
          ...board.days[0],
          cases: [{ ...board.days[0].cases[0]!, rows: [speaker, { ...microphone, version: 5 }] }],
        },
        board.days[1],
      ],
    };
    serverEmit("workcases.upserted", { seq: 3, workcase: {} });
    const gets = () => requests.filter((r) => route(r) === "GET /api/warehouse/").length;
    await waitFor(() => expect(gets()).toBe(2));
    serverEmit("orderitems.upserted", { seq: 4, order_item: asOrderItem(microphone, { version: 4, issue }) });
    expect(
      await within(rowOf("マイク")).findByRole("button", { name: t.toggleLabel(t.unissue, "マイク") }),
    ).toBeVisible();
    // …but the answer holds version 5 (出庫 undone again): version 4, replayed onto it, must not win.
    release();
    await waitFor(() => expect(unissueButton()).toBeNull());
    await pause(50);
    expect(unissueButton()).toBeNull();
  });

  it("remembers a deleted order item: its late upsert neither shows it nor refetches the board", async () => {
    const { requests } = setup();
    await screen.findByText("マイク");
    serverEmit("orderitems.deleted", { seq: 1, id: 2, work_case: 5 });
    await waitFor(() => expect(screen.queryByText("マイク")).not.toBeInTheDocument());
    // An edit committed before the delete, numbered and delivered after it by another process.
    serverEmit("orderitems.upserted", {
      seq: 2,
      order_item: asOrderItem(microphone, { version: 2, order_quantity: 3 }),
    });
    await pause(300);
    expect(screen.queryByText("マイク")).not.toBeInTheDocument();
    expect(requests.filter((r) => route(r) === "GET /api/warehouse/")).toHaveLength(1);
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
