import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto, WorkCaseDto } from "../../lib/allocation";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { workCaseDto } from "../../test/workCases";
import { OrderItemsListPage } from "./OrderItemsListPage";
import { orderItemsApi, SPREADSHEET_TYPE } from "./orderItemsApi";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.orderitems;

const workcase = workCaseDto();

const oi = (
  id: number,
  title: string,
  category: string,
  end: string,
  extra: Partial<OrderItemDto> = {},
): OrderItemDto => ({
  id,
  version: 1,
  items: { id: id + 10, title, category_name: category, unit_tracked: false },
  work_case: 5,
  order_quantity: 2,
  start_date: workcase.start_date,
  end_date: end,
  issue: null,
  receive: null,
  note: "",
  category,
  issued_quantity: 0,
  received_quantity: 0,
  units_out: [],
  ...extra,
});

const items = [
  oi(1, "スピーカー", "音響", "2026-11-22T18:00:00+09:00"),
  oi(2, "LEDライト", "照明", "2026-11-21T18:00:00+09:00", { issue: "2026-11-20T08:00:00+09:00" }),
  oi(3, "マイク", "音響", "2026-11-22T12:00:00+09:00"),
];

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(
    routes({
      "GET /api/workcases/5/": json(200, workcase),
      "GET /api/orderitems/": json(200, items),
      ...extra,
    }),
  );
  const at = `/orderitemslist/5?workcase=${encodeURIComponent(JSON.stringify(workcase))}`;
  const view = renderPage(<OrderItemsListPage />, {
    at,
    path: "/orderitemslist/:caseId",
    session: ownerSession,
  });
  return { ...view, ...net };
}

const rowOf = (title: string) => screen.getByText(title).closest("tr") as HTMLElement;
const titles = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
const patchBodies = async (requests: Request[], id: number) =>
  Promise.all(
    requests.filter((r) => route(r) === `PATCH /api/orderitems/${id}/`).map((r) => r.clone().json()),
  );

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("OrderItemsListPage", () => {
  it("lists the shipped items by end date descending with the spec's columns", async () => {
    setup();
    await screen.findByText("スピーカー");
    expect(titles()).toEqual(["スピーカー", "マイク", "LEDライト"]);
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual([
      t.item,
      t.orderQuantity,
      ja.movements.column,
      t.actions,
      t.category,
      t.start,
      t.end,
      t.issueTime,
      t.receiveTime,
      t.note,
    ]);
    expect(within(rowOf("スピーカー")).getByRole("link", { name: "2" })).toHaveAttribute(
      "href",
      "/orderitems/5",
    );
    expect(within(rowOf("LEDライト")).getByText("2026年11月20日 08:00")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: `${t.listTitle}：秋祭り` })).toBeInTheDocument();
  });

  it("filters by item name and by category (フィルターなし first)", async () => {
    const { user } = setup();
    await screen.findByText("スピーカー");
    const filter = screen.getByRole("combobox", { name: t.categoryFilter });
    expect(filter).toHaveDisplayValue(t.noFilter);
    await user.type(screen.getByRole("searchbox", { name: t.itemSearch }), "マイ");
    expect(titles()).toEqual(["マイク"]);
    await user.clear(screen.getByRole("searchbox", { name: t.itemSearch }));
    await user.selectOptions(filter, "照明");
    await waitFor(() => expect(titles()).toEqual(["LEDライト"]));
  });

  it("toggles 出庫 ⇄ 出庫解除 and 入庫 ⇄ 入庫解除 with PATCH {issue} / {receive}", async () => {
    let current = items[0]!;
    const { user, requests } = setup({
      "PATCH /api/orderitems/1/": async (req) => {
        const body = (await req.json()) as Record<string, unknown>;
        current = { ...current, ...body, version: current.version + 1 } as OrderItemDto;
        return json(200, current);
      },
    });
    await screen.findByText("スピーカー");
    await user.click(within(rowOf("スピーカー")).getByRole("button", { name: `${t.issue}: スピーカー` }));
    expect(
      await within(rowOf("スピーカー")).findByRole("button", { name: `${t.unissue}: スピーカー` }),
    ).toBeInTheDocument();
    await user.click(within(rowOf("スピーカー")).getByRole("button", { name: `${t.receive}: スピーカー` }));
    expect(
      await within(rowOf("スピーカー")).findByRole("button", { name: `${t.unreceive}: スピーカー` }),
    ).toBeInTheDocument();
    await user.click(within(rowOf("スピーカー")).getByRole("button", { name: `${t.unreceive}: スピーカー` }));
    expect(
      await within(rowOf("スピーカー")).findByRole("button", { name: `${t.receive}: スピーカー` }),
    ).toBeInTheDocument();

    const bodies = await patchBodies(requests, 1);
    expect(Object.keys(bodies[0])).toEqual(["issue"]);
    expect(String(bodies[0].issue)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(Object.keys(bodies[1])).toEqual(["receive"]);
    expect(bodies[2]).toEqual({ receive: null });
  });

  it("shows the dialog 出庫がされていません when receive is refused for lack of an issue", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const { user } = setup({ "PATCH /api/orderitems/3/": json(409, { error: t.notIssued }) });
    await screen.findByText("マイク");
    await user.click(within(rowOf("マイク")).getByRole("button", { name: `${t.receive}: マイク` }));
    const dialog = await screen.findByRole("dialog", { name: t.notIssued });
    await user.click(within(dialog).getByRole("button", { name: ja.common.close }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(rowOf("マイク")).getByRole("button", { name: `${t.receive}: マイク` })).toBeInTheDocument();
  });

  it("shows the server's message in a dialog for other refusals", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const { user } = setup({
      "PATCH /api/orderitems/2/": json(409, { error: "入庫済みのため出庫を解除できません" }),
    });
    await screen.findByText("LEDライト");
    await user.click(within(rowOf("LEDライト")).getByRole("button", { name: `${t.unissue}: LEDライト` }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("入庫済みのため出庫を解除できません")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: ja.common.close })).toBeInTheDocument();
  });

  it("validates the 出荷アイテム編集 dialog and shows the server's error and the shortages on a refused save", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const { user, requests } = setup({
      "PATCH /api/orderitems/1/": json(409, {
        error: "在庫が不足しています",
        shortages: [{ item_id: 10, title: "スピーカー", required: 5, available: 4 }],
      }),
    });
    await screen.findByText("スピーカー");
    await user.click(within(rowOf("スピーカー")).getByRole("button", { name: `${t.edit}: スピーカー` }));
    const dialog = await screen.findByRole("dialog", { name: t.editTitle });
    const quantity = within(dialog).getByLabelText(t.quantity);
    expect(quantity).toHaveAttribute("inputmode", "numeric");
    expect(quantity).toHaveValue("2");
    const save = within(dialog).getByRole("button", { name: t.save });

    await user.clear(quantity);
    await user.tab();
    expect(within(dialog).getByText(ja.validation.stockRequired)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(quantity, "3個");
    expect(within(dialog).getByText(ja.validation.stockNumeric)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, "5");

    const end = within(dialog).getByLabelText(t.endDate);
    fireEvent.input(end, { target: { value: "2026/11/19 10:00" } });
    fireEvent.blur(end);
    expect(await within(dialog).findByText(ja.validation.startAfterEnd)).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.input(end, { target: { value: "2026/11/23 10:00" } });
    fireEvent.blur(end);
    await waitFor(() => expect(save).toBeEnabled());

    await user.click(save);
    expect(await within(dialog).findByText("在庫が不足しています")).toBeInTheDocument();
    expect(within(dialog).getByText(ja.workcases.shortageLine("スピーカー", 5, 4))).toBeInTheDocument();
    const [body] = await patchBodies(requests, 1);
    expect(body).toMatchObject({ order_quantity: 5, start_date: "2026-11-20T09:00:00+09:00", note: "" });
    expect(Object.keys(body).sort()).toEqual(["end_date", "note", "order_quantity", "start_date"]);
  });

  it("checks in 出荷アイテム編集 what the server's schema checks: 0, over 1,000,000, a reversed period beside an empty quantity", async () => {
    const { user, requests } = setup();
    await screen.findByText("スピーカー");
    await user.click(within(rowOf("スピーカー")).getByRole("button", { name: `${t.edit}: スピーカー` }));
    const dialog = await screen.findByRole("dialog", { name: t.editTitle });
    const quantity = within(dialog).getByLabelText(t.quantity);
    const save = within(dialog).getByRole("button", { name: t.save });

    await user.clear(quantity);
    await user.type(quantity, "0");
    await user.tab();
    expect(within(dialog).getByText(ja.allocation.quantityMin)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, "1000001");
    expect(within(dialog).getByText(ja.catalogue.stockTooLarge)).toBeInTheDocument();
    expect(save).toBeDisabled();

    // Both problems at once: the period's message is not hidden behind the quantity's.
    await user.clear(quantity);
    const end = within(dialog).getByLabelText(t.endDate);
    fireEvent.input(end, { target: { value: "2026/11/19 10:00" } });
    fireEvent.blur(end);
    expect(await within(dialog).findByText(ja.validation.startAfterEnd)).toBeInTheDocument();
    expect(within(dialog).getByText(ja.validation.stockRequired)).toBeInTheDocument();
    // Enter on the invalid form sends nothing.
    fireEvent.submit(quantity.closest("form")!);
    expect(requests.some((r) => route(r) === "PATCH /api/orderitems/1/")).toBe(false);
  });

  it("falls back to 更新に失敗しました。 when the server gives no error text", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const { user } = setup({ "PATCH /api/orderitems/1/": json(500, {}) });
    await screen.findByText("スピーカー");
    await user.click(within(rowOf("スピーカー")).getByRole("button", { name: `${t.edit}: スピーカー` }));
    const dialog = await screen.findByRole("dialog", { name: t.editTitle });
    await user.click(within(dialog).getByRole("button", { name: t.save }));
    expect(await within(dialog).findByText(t.updateFailed)).toBeInTheDocument();
  });

  it("exports the visible rows in their order with the case, as <title>.xlsx", async () => {
    const xlsx = new Response("PK", { status: 200, headers: { "Content-Type": SPREADSHEET_TYPE } });
    const { user, requests } = setup({ "POST /api/export-excel/": xlsx });
    Object.assign(URL, { createObjectURL: jest.fn(() => "blob:x"), revokeObjectURL: jest.fn() });
    let downloaded: string | null = null;
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await screen.findByText("スピーカー");
    await user.type(screen.getByRole("searchbox", { name: t.itemSearch }), "ー");
    await waitFor(() => expect(titles()).toEqual(["スピーカー"]));
    await user.clear(screen.getByRole("searchbox", { name: t.itemSearch }));
    await user.click(screen.getByRole("button", { name: t.item }));
    await user.click(screen.getByRole("button", { name: t.excelExport }));
    await waitFor(() => expect(downloaded).toBe("秋祭り.xlsx"));
    const post = requests.find((r) => route(r) === "POST /api/export-excel/");
    const body = (await post!.json()) as { order_items: OrderItemDto[]; workcaseDetail: WorkCaseDto };
    expect(body.workcaseDetail).toEqual(workcase);
    const expectedOrder = [...items]
      .sort((a, b) => a.items.title.localeCompare(b.items.title, "ja"))
      .map((o) => o.id);
    expect(body.order_items.map((o) => o.id)).toEqual(expectedOrder);
  });

  it("logs, without downloading, when the export answer is not a spreadsheet", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    const html = new Response("<html>", { status: 200, headers: { "Content-Type": "text/html" } });
    const { user } = setup({ "POST /api/export-excel/": html });
    const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    await screen.findByText("スピーカー");
    await user.click(screen.getByRole("button", { name: t.excelExport }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(expect.stringContaining("not a spreadsheet"), "text/html"),
    );
    expect(click).not.toHaveBeenCalled();
  });

  it("shows the warehouse's issue and receive from other screens live", async () => {
    setup();
    await screen.findByText("スピーカー");
    serverEmit("orderitems.upserted", {
      seq: 4,
      order_item: { ...items[0]!, issue: "2026-11-20T07:45:00+09:00", version: 2 },
    });
    expect(
      await within(rowOf("スピーカー")).findByRole("button", { name: `${t.unissue}: スピーカー` }),
    ).toBeInTheDocument();
    expect(within(rowOf("スピーカー")).getByText("2026年11月20日 07:45")).toBeInTheDocument();
    serverEmit("orderitems.deleted", { seq: 5, id: 3, work_case: 5 });
    await waitFor(() => expect(screen.queryByText("マイク")).not.toBeInTheDocument());
  });
});

/**
 * Every row of a list answer passes the store's one rule (lib/liveState.ts, lib/liveCache.ts liveList), as
 * an event's does. A catalogue event refetches the list (its rows copy item titles); the refetch is served
 * from `answer`, which a test sets to a list read before a change the page already shows.
 */
describe("OrderItemsListPage: list answers and events", () => {
  const issuedAt = "2026-11-20T07:45:00+09:00";
  const issued = { ...items[0]!, issue: issuedAt, version: 2 };
  const newcomer = oi(4, "ミキサー", "音響", "2026-11-22T10:00:00+09:00");

  function live() {
    const state = { answer: items, held: undefined as Promise<void> | undefined };
    const view = setup({
      "GET /api/orderitems/": async () => {
        await state.held;
        return json(200, state.answer);
      },
      "PATCH /api/orderitems/1/": json(200, issued),
    });
    const reads = () => view.requests.filter((r) => route(r) === "GET /api/orderitems/").length;
    const catalogueChanged = () => serverEmit("items.upserted", { seq: 9, item: { id: 99 } });
    return { ...view, state, reads, catalogueChanged };
  }

  it("an answer read before an event's newer row does not put the older one back", async () => {
    const page = live();
    await screen.findByText("スピーカー");
    serverEmit("orderitems.upserted", { seq: 4, order_item: issued });
    await within(rowOf("スピーカー")).findByText("2026年11月20日 07:45");

    page.state.answer = [items[0]!, { ...items[1]!, note: "新しい備考", version: 2 }, items[2]!, newcomer];
    page.catalogueChanged();
    // The answer has landed once its new row shows.
    await screen.findByText("ミキサー");
    expect(page.reads()).toBe(2);
    expect(within(rowOf("スピーカー")).getByText("2026年11月20日 07:45")).toBeInTheDocument();
    // Control: the answer's own newer row goes in.
    expect(within(rowOf("LEDライト")).getByText("新しい備考")).toBeInTheDocument();
  });

  it("a row deleted by an event does not come back from an answer that still has it", async () => {
    const page = live();
    await screen.findByText("マイク");
    serverEmit("orderitems.deleted", { seq: 5, id: 3, work_case: 5 });
    await waitFor(() => expect(screen.queryByText("マイク")).not.toBeInTheDocument());

    page.state.answer = [...items, newcomer];
    page.catalogueChanged();
    await screen.findByText("ミキサー");
    expect(screen.queryByText("マイク")).not.toBeInTheDocument();
    expect(screen.getByText("スピーカー")).toBeInTheDocument();
  });

  it("the user's own issue stays when a refetch read before it answers after it", async () => {
    const page = live();
    await screen.findByText("スピーカー");
    let release = () => {};
    page.state.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    page.state.answer = [...items, newcomer];
    page.catalogueChanged();
    await waitFor(() => expect(page.reads()).toBe(2));
    // The refetch is out (read before the issue); the issue is answered first.
    await act(async () => {
      await page.store.dispatch(
        orderItemsApi.endpoints.patchOrderItem.initiate({ id: 1, caseId: 5, body: { issue: issuedAt } }),
      );
    });
    await within(rowOf("スピーカー")).findByText("2026年11月20日 07:45");
    release();
    await screen.findByText("ミキサー");
    expect(within(rowOf("スピーカー")).getByText("2026年11月20日 07:45")).toBeInTheDocument();
  });
});
