import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto, SummaryRowDto } from "../../lib/allocation";
import { queuedAlertMessages } from "../../test/alerts";
import { answerCaseWatchAt, emitted, reconnect, resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { workCaseDto } from "../../test/workCases";
import { OrderItemsPage } from "./OrderItemsPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.orderitems;

export const workcase = workCaseDto({ note: "搬入は朝8時" });

const summary = (
  id: number,
  name: string,
  category: string,
  category_id: number,
  stock: number,
  shippable: number,
): SummaryRowDto => ({
  id,
  name,
  category,
  category_id,
  stock_quantity: stock,
  shippable_quantity: shippable,
});

export const orderItem = (
  id: number,
  itemId: number,
  title: string,
  category: string,
  quantity: number,
  extra: Partial<OrderItemDto> = {},
): OrderItemDto => ({
  id,
  version: 1,
  items: { id: itemId, title, category_name: category, unit_tracked: false },
  work_case: 5,
  order_quantity: quantity,
  start_date: workcase.start_date,
  end_date: workcase.end_date,
  issue: null,
  receive: null,
  note: "",
  category,
  issued_quantity: 0,
  received_quantity: 0,
  units_out: [],
  ...extra,
});

const rows = [
  summary(11, "スピーカー", "音響", 1, 4, 2),
  summary(12, "マイク", "音響", 1, 3, 0),
  summary(13, "LEDライト", "照明", 2, 10, 10),
];
const categories = [
  { id: 1, category: "音響", group: 7, version: 1 },
  { id: 2, category: "照明", group: 7, version: 1 },
];

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(
    routes({
      "GET /api/workcases/5/": json(200, workcase),
      "GET /api/inventorysummary/5/summary/": json(200, rows),
      "GET /api/orderitems/": json(200, [orderItem(100, 12, "マイク", "音響", 3)]),
      "GET /api/categories/": json(200, categories),
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
const rowIn = (region: HTMLElement, text: string) =>
  within(region).getByText(text).closest("tr") as HTMLElement;

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("OrderItemsPage", () => {
  it("shows the case, both cards, the item links of the start day and '+' only while shippable > 0", async () => {
    const { requests } = setup();
    expect(await screen.findByRole("heading", { name: `${t.title}：秋祭り` })).toBeInTheDocument();
    expect(screen.getByText("2026年11月20日 09:00 〜 2026年11月22日 18:00")).toBeInTheDocument();
    expect(screen.getByText("搬入は朝8時")).toBeInTheDocument();
    await within(inventory()).findByText("スピーカー");

    expect(within(rowIn(inventory(), "スピーカー")).getByText("2 / 4")).toBeInTheDocument();
    expect(
      within(rowIn(inventory(), "スピーカー")).getByRole("button", { name: t.add("スピーカー") }),
    ).toBeInTheDocument();
    expect(
      within(rowIn(inventory(), "マイク")).queryByRole("button", { name: t.add("マイク") }),
    ).not.toBeInTheDocument();
    expect(within(inventory()).getByRole("link", { name: "LEDライト" })).toHaveAttribute(
      "href",
      `/item/2026/11/20?search=${encodeURIComponent("LEDライト")}`,
    );
    // Default sort: category descending (照明 before 音響).
    const names = within(inventory())
      .getAllByRole("row")
      .slice(1)
      .map((r) => within(r).getAllByRole("cell")[0]?.textContent);
    expect(names[0]).toBe("LEDライト");

    await within(shipped()).findByText("マイク");
    const list = within(shipped()).getByRole("link", { name: t.listButton });
    expect(list.getAttribute("href")).toBe(
      `/orderitemslist/5?workcase=${encodeURIComponent(JSON.stringify(workcase))}`,
    );

    const summaryCall = requests.find((r) => route(r) === "GET /api/inventorysummary/5/summary/");
    expect(new URL(summaryCall!.url).search).toBe("?group_id=7");
    const orderCall = requests.find((r) => route(r) === "GET /api/orderitems/");
    expect(new URL(orderCall!.url).search).toBe("?work_case=5");
  });

  it("filters the inventory by name and by category (フィルターなし first)", async () => {
    const { user } = setup();
    await within(inventory()).findByText("スピーカー");
    await user.type(within(inventory()).getByRole("searchbox", { name: t.itemSearch }), "led");
    expect(within(inventory()).getByText("LEDライト")).toBeInTheDocument();
    expect(within(inventory()).queryByText("スピーカー")).not.toBeInTheDocument();
    await user.clear(within(inventory()).getByRole("searchbox", { name: t.itemSearch }));

    const filter = within(inventory()).getByRole("combobox", { name: t.categoryFilter });
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual([t.noFilter, "音響", "照明"]),
    );
    await user.selectOptions(filter, "音響");
    await waitFor(() => expect(within(inventory()).queryByText("LEDライト")).not.toBeInTheDocument());
    expect(within(inventory()).getByText("スピーカー")).toBeInTheDocument();
  });

  it("gathers '+' clicks for 300 ms, then sends one call per click and applies the answers to both lists", async () => {
    const added = {
      order_item: orderItem(101, 11, "スピーカー", "音響", 1),
      summary: summary(11, "スピーカー", "音響", 1, 4, 1),
    };
    const { requests } = setup({ "POST /api/additem/11/5/": json(200, added) });
    await within(inventory()).findByText("スピーカー");
    const plus = within(rowIn(inventory(), "スピーカー")).getByRole("button", { name: t.add("スピーカー") });

    const adds = () => requests.filter((r) => route(r) === "POST /api/additem/11/5/");
    jest.useFakeTimers();
    fireEvent.click(plus);
    await act(async () => jest.advanceTimersByTime(200));
    fireEvent.click(plus);
    await act(async () => jest.advanceTimersByTime(299));
    expect(adds()).toHaveLength(0);
    // The button says how many clicks wait, and stays clickable.
    expect(plus).toHaveTextContent("2");
    expect(plus).toBeEnabled();
    await act(async () => jest.advanceTimersByTime(1));
    jest.useRealTimers();
    // Every click counts: one call per unit, one after the other.
    await waitFor(() => expect(adds()).toHaveLength(2));

    await waitFor(() =>
      expect(within(rowIn(inventory(), "スピーカー")).getByText("1 / 4")).toBeInTheDocument(),
    );
    expect(within(shipped()).getByText("スピーカー")).toBeInTheDocument();
    expect(
      requests.filter((r) => r.method === "GET" && route(r) === "GET /api/inventorysummary/5/summary/"),
    ).toHaveLength(1);
  });

  it("a '+' answer that lands after a newer inventory.changed of the item leaves the socket's row", async () => {
    const added = {
      order_item: orderItem(101, 11, "スピーカー", "音響", 1),
      summary: summary(11, "スピーカー", "音響", 1, 4, 1),
    };
    let answer: () => void = () => undefined;
    const { user, requests } = setup({
      "POST /api/additem/11/5/": () =>
        new Promise((resolve) => {
          answer = () => resolve(json(200, added));
        }),
    });
    await within(inventory()).findByText("スピーカー");
    await user.click(
      within(rowIn(inventory(), "スピーカー")).getByRole("button", { name: t.add("スピーカー") }),
    );
    await waitFor(() => expect(requests.some((r) => route(r) === "POST /api/additem/11/5/")).toBe(true));
    // While the answer is on its way, the recomputation after this + and another coordinator's + arrives.
    serverEmit("inventory.changed", {
      seq: 3,
      case_id: 5,
      rows: [summary(11, "スピーカー", "音響", 1, 4, 0)],
    });
    await waitFor(() =>
      expect(within(rowIn(inventory(), "スピーカー")).getByText("0 / 4")).toBeInTheDocument(),
    );
    answer();
    await waitFor(() => expect(within(shipped()).getByText("スピーカー")).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(within(rowIn(inventory(), "スピーカー")).getByText("0 / 4")).toBeInTheDocument();
  });

  it("a recomputation read before an item's delete does not bring the deleted item back", async () => {
    setup();
    await within(inventory()).findByText("スピーカー");
    serverEmit("items.deleted", { seq: 3, id: 11 });
    await waitFor(() => expect(within(inventory()).queryByText("スピーカー")).not.toBeInTheDocument());
    // Another process's recomputation, read before the delete, arrives after it.
    serverEmit("inventory.changed", {
      seq: 2,
      case_id: 5,
      rows: [summary(11, "スピーカー", "音響", 1, 4, 3), summary(14, "三脚", "照明", 2, 2, 2)],
    });
    await within(inventory()).findByText("三脚");
    expect(within(inventory()).queryByText("スピーカー")).not.toBeInTheDocument();
  });

  it("has no '-' while every booked unit is issued (the server refuses going below the units out)", async () => {
    setup({
      "GET /api/orderitems/": json(200, [
        orderItem(100, 12, "マイク", "音響", 3, { issued_quantity: 3, issue: "2026-11-20T09:00:00+09:00" }),
        orderItem(101, 11, "スピーカー", "音響", 2, {
          issued_quantity: 1,
          issue: "2026-11-20T09:00:00+09:00",
        }),
      ]),
    });
    await within(shipped()).findByText("マイク");
    expect(within(rowIn(shipped(), "マイク")).queryByRole("button", { name: t.reduce("マイク") })).toBeNull();
    expect(
      within(rowIn(shipped(), "スピーカー")).getByRole("button", { name: t.reduce("スピーカー") }),
    ).toBeEnabled();
  });

  it("lists a tracked line's units out under its title in 出荷アイテム; a count line lists none", async () => {
    const issue = "2026-11-20T09:00:00+09:00";
    setup({
      "GET /api/orderitems/": json(200, [
        orderItem(100, 12, "マイク", "音響", 3, {
          items: { id: 12, title: "マイク", category_name: "音響", unit_tracked: true },
          issued_quantity: 2,
          issue,
          units_out: [
            { id: 7, tag: "MIC-0001" },
            { id: 8, tag: "MIC-0002" },
          ],
        }),
        orderItem(101, 11, "スピーカー", "音響", 2, { issued_quantity: 2, issue }),
      ]),
    });
    await within(shipped()).findByText("マイク");
    const U = ja.units;
    expect(within(rowIn(shipped(), "マイク")).getByText(U.unitsOutLabel).parentElement).toHaveTextContent(
      `${U.unitsOutLabel}MIC-0001${U.tagSeparator}MIC-0002`,
    );
    expect(within(rowIn(shipped(), "スピーカー")).queryByText(U.unitsOutLabel)).toBeNull();
  });

  it("debounces '-' by 100 ms and removes the row when the last unit goes", async () => {
    const reduced = { order_item: null, summary: summary(12, "マイク", "音響", 1, 3, 3) };
    const { requests } = setup({ "POST /api/reduceitem/12/5/": json(200, reduced) });
    await within(shipped()).findByText("マイク");
    const minus = within(rowIn(shipped(), "マイク")).getByRole("button", { name: t.reduce("マイク") });

    const reduces = () => requests.filter((r) => route(r) === "POST /api/reduceitem/12/5/");
    jest.useFakeTimers();
    fireEvent.click(minus);
    await act(async () => jest.advanceTimersByTime(99));
    expect(reduces()).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(1));
    jest.useRealTimers();
    await waitFor(() => expect(reduces()).toHaveLength(1));

    await waitFor(() => expect(within(shipped()).queryByText("マイク")).not.toBeInTheDocument());
    expect(within(rowIn(inventory(), "マイク")).getByText("3 / 3")).toBeInTheDocument();
    expect(
      within(rowIn(inventory(), "マイク")).getByRole("button", { name: t.add("マイク") }),
    ).toBeInTheDocument();
  });

  it("remembers the order item its '-' deleted: a late event of that row does not bring it back", async () => {
    const reduced = { order_item: null, summary: summary(12, "マイク", "音響", 1, 3, 3) };
    const { user } = setup({ "POST /api/reduceitem/12/5/": json(200, reduced) });
    await within(shipped()).findByText("マイク");
    await user.click(within(rowIn(shipped(), "マイク")).getByRole("button", { name: t.reduce("マイク") }));
    await waitFor(() => expect(within(shipped()).queryByText("マイク")).not.toBeInTheDocument());
    // Another process's event of the row from before the delete (a + that it numbered late), then another
    // row of the list, which shows that the late one was handled.
    serverEmit("orderitems.upserted", {
      seq: 1,
      order_item: orderItem(100, 12, "マイク", "音響", 4, { version: 2 }),
    });
    serverEmit("orderitems.upserted", { seq: 2, order_item: orderItem(102, 13, "LEDライト", "照明", 2) });
    expect(await within(shipped()).findByText("LEDライト")).toBeInTheDocument();
    expect(within(shipped()).queryByText("マイク")).not.toBeInTheDocument();
  });

  it("says which items are short when an add is refused with 409", async () => {
    jest.spyOn(console, "info").mockImplementation(() => {});
    const refusal = {
      error: "在庫が不足しています",
      shortages: [{ item_id: 11, title: "スピーカー", required: 5, available: 4 }],
    };
    const { user } = setup({ "POST /api/additem/11/5/": json(409, refusal) });
    await within(inventory()).findByText("スピーカー");
    await user.click(
      within(rowIn(inventory(), "スピーカー")).getByRole("button", { name: t.add("スピーカー") }),
    );
    const alert = await within(inventory()).findByRole("alert");
    // In the user's numbers (issue 36): 1 click refused; 4 − 5 + 1 = 0 units were free for it.
    expect(alert).toHaveTextContent(t.notAdded(1, 0));
    expect(alert).toHaveTextContent("スピーカー");
    expect(
      within(alert).getByRole("button", { name: ja.availability.whyButton("スピーカー") }),
    ).toBeVisible();
  });

  it("外部手配で補う: prefilled from 理由's held window, saves the hire (with a new supplier) and retries the '+'", async () => {
    jest.spyOn(console, "info").mockImplementation(() => {});
    const refusal = {
      error: "在庫が不足しています",
      shortages: [{ item_id: 11, title: "スピーカー", required: 5, available: 4 }],
    };
    let adds = 0;
    const { user, requests } = setup({
      "POST /api/additem/11/5/": () => {
        adds += 1;
        return adds === 1
          ? json(409, refusal)
          : json(200, {
              order_item: orderItem(101, 11, "スピーカー", "音響", 3),
              summary: summary(11, "スピーカー", "音響", 1, 4, 0),
            });
      },
      "GET /api/availability/items/11/holders/": json(200, {
        item: { id: 11, title: "スピーカー", category_name: "音響", stock_quantity: 4 },
        start_date: workcase.start_date,
        end_date: workcase.end_date,
        held_from: workcase.start_date,
        held_until: "2026-11-22T11:00:00.000Z",
        quantity: 3,
        available: 1,
        holders: [],
        hires: [],
        free_from: null,
      }),
      "GET /api/suppliers/": json(200, []),
      "POST /api/suppliers/": json(201, {
        id: 31,
        name: "東京機材",
        contact: "",
        memo: "",
        group: 7,
        version: 1,
      }),
      "POST /api/subrentals/": json(201, { id: 41 }),
    });
    await within(inventory()).findByText("スピーカー");
    await user.click(
      within(rowIn(inventory(), "スピーカー")).getByRole("button", { name: t.add("スピーカー") }),
    );
    const alert = await within(inventory()).findByRole("alert");
    await user.click(
      within(alert).getByRole("button", { name: `スピーカーを${ja.subrentals.coverWithHire}` }),
    );
    const dialog = await screen.findByRole("dialog", { name: ja.subrentals.newSubRental });
    // 3 wanted, 1 free: 2 units to hire, over the held window (the case's period with its turnaround).
    expect(within(dialog).getByLabelText(ja.subrentals.quantity)).toHaveValue("2");
    expect(within(dialog).getByText("スピーカー")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(ja.subrentals.newSupplier), "東京機材");
    await user.click(within(dialog).getByRole("button", { name: ja.subrentals.submit }));
    await waitFor(() => expect(adds).toBe(2));
    const hired = requests.find((r) => r.method === "POST" && r.url.endsWith("/api/subrentals/"));
    expect(await hired!.json()).toEqual({
      supplier: 31,
      item: 11,
      quantity: 2,
      start_date: new Date(workcase.start_date).toISOString(),
      end_date: "2026-11-22T11:00:00.000Z",
      work_case: 5,
      cost_memo: "",
    });
    await waitFor(() => expect(within(inventory()).queryByRole("alert")).not.toBeInTheDocument());
  });

  it("watches the case room (again after a reconnect), leaves it on unmount, and applies inventory.changed", async () => {
    const { unmount } = setup();
    await within(inventory()).findByText("スピーカー");
    expect(emitted.filter((e) => e[0] === "case.watch").map((e) => e[1])).toEqual([5]);

    serverEmit("inventory.changed", {
      seq: 3,
      case_id: 5,
      rows: [summary(11, "スピーカー", "音響", 1, 4, 0), summary(14, "三脚", "照明", 2, 2, 2)],
    });
    await waitFor(() =>
      expect(within(rowIn(inventory(), "スピーカー")).getByText("0 / 4")).toBeInTheDocument(),
    );
    expect(
      within(rowIn(inventory(), "スピーカー")).queryByRole("button", { name: t.add("スピーカー") }),
    ).not.toBeInTheDocument();
    expect(within(inventory()).getByText("三脚")).toBeInTheDocument();

    // Another case's rows are not ours.
    serverEmit("inventory.changed", {
      seq: 4,
      case_id: 6,
      rows: [summary(13, "LEDライト", "照明", 2, 10, 0)],
    });
    expect(within(rowIn(inventory(), "LEDライト")).getByText("10 / 10")).toBeInTheDocument();

    reconnect();
    expect(emitted.filter((e) => e[0] === "case.watch")).toHaveLength(2);

    unmount();
    expect(emitted.at(-1)).toEqual(["case.unwatch", 5]);
  });

  it("reads the summary again on a stock.changed numbered up to the case room's join, not after it", async () => {
    // The server joined the room when the group stream was at 7: the change numbered 7 was recomputed
    // before, without this client in the room, and its stock.changed can still arrive after the answer.
    answerCaseWatchAt(7);
    let summaryReads = 0;
    setup({
      "GET /api/inventorysummary/5/summary/": () => {
        summaryReads += 1;
        return json(
          200,
          summaryReads === 1 ? rows : [summary(11, "スピーカー", "音響", 1, 4, 1), ...rows.slice(1)],
        );
      },
    });
    await within(inventory()).findByText("スピーカー");
    expect(emitted.filter((e) => e[0] === "case.watch")).toHaveLength(1);
    expect(summaryReads).toBe(1);

    serverEmit("stock.changed", { seq: 7, item_ids: [11], from: null, to: null });
    await waitFor(() =>
      expect(within(rowIn(inventory(), "スピーカー")).getByText("1 / 4")).toBeInTheDocument(),
    );
    expect(summaryReads).toBe(2);

    // Numbered after the join: its inventory.changed comes to the room, nothing is read.
    serverEmit("stock.changed", { seq: 8, item_ids: [11], from: null, to: null });
    await new Promise((r) => setTimeout(r, 50));
    expect(summaryReads).toBe(2);
  });

  it("applies another coordinator's orderitems.upserted / deleted for this case only", async () => {
    setup();
    await within(shipped()).findByText("マイク");
    serverEmit("orderitems.upserted", { seq: 8, order_item: orderItem(102, 13, "LEDライト", "照明", 2) });
    expect(await within(shipped()).findByText("LEDライト")).toBeInTheDocument();
    serverEmit("orderitems.upserted", {
      seq: 9,
      order_item: { ...orderItem(103, 11, "スピーカー", "音響", 1), work_case: 6 },
    });
    expect(within(shipped()).queryByText("スピーカー")).not.toBeInTheDocument();
    serverEmit("orderitems.deleted", { seq: 10, id: 100, work_case: 5 });
    await waitFor(() => expect(within(shipped()).queryByText("マイク")).not.toBeInTheDocument());
  });

  it("alerts each failed fetch with the server-connection hint", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(() => json(500, {}));
    const { user } = renderPage(<OrderItemsPage />, {
      at: "/orderitems/5",
      path: "/orderitems/:caseId",
      session: ownerSession,
    });
    // In the app, one after the other.
    await waitFor(() => expect(queuedAlertMessages()).toHaveLength(4));
    expect(queuedAlertMessages().sort()).toEqual(
      [t.caseFetchFailed, t.inventoryFetchFailed, t.orderItemsFetchFailed, t.categoryFetchFailed].sort(),
    );
    const first = await screen.findByRole("alertdialog");
    expect(first).toHaveTextContent(queuedAlertMessages()[0]!);
    await user.click(within(first).getByRole("button", { name: ja.common.close }));
    await waitFor(() => expect(queuedAlertMessages()).toHaveLength(3));
  });

  describe("a case that is gone (issue 21)", () => {
    const f = ja.feedback;

    it("a 404 shows one not-found state with the way back, and no alert", async () => {
      jest.spyOn(console, "error").mockImplementation(() => {});
      setup({
        "GET /api/workcases/5/": json(404, { detail: "見つかりません" }),
        "GET /api/inventorysummary/5/summary/": json(404, { detail: "見つかりません" }),
        "GET /api/orderitems/": json(404, { detail: "見つかりません" }),
      });
      expect(await screen.findByText(f.caseNotFoundTitle)).toBeInTheDocument();
      expect(screen.getByRole("alert")).toHaveTextContent(f.caseNotFoundBody);
      expect(screen.getByRole("link", { name: f.backToCases })).toHaveAttribute("href", "/workcase");
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(queuedAlertMessages()).toEqual([]);
    });

    it("workcases.deleted for this case replaces the screen with a notice; another case's does not", async () => {
      setup();
      await within(inventory()).findByText("スピーカー");
      serverEmit("workcases.deleted", { seq: 20, id: 6 });
      expect(screen.queryByText(f.caseDeletedTitle)).not.toBeInTheDocument();
      serverEmit("workcases.deleted", { seq: 21, id: 5 });
      expect(await screen.findByText(f.caseDeletedTitle)).toBeInTheDocument();
      expect(screen.getByRole("alert")).toHaveTextContent(f.caseDeletedBody);
      expect(screen.queryByRole("button", { name: t.add("スピーカー") })).not.toBeInTheDocument();
      expect(screen.getByRole("link", { name: f.backToCases })).toBeInTheDocument();
    });

    it("'+' answered 404 (the deletion was missed) fetches the case again and shows the not-found state", async () => {
      jest.spyOn(console, "error").mockImplementation(() => {});
      let deleted = false;
      const { user } = setup({
        "GET /api/workcases/5/": () =>
          deleted ? json(404, { detail: "見つかりません" }) : json(200, workcase),
        "POST /api/additem/11/5/": () => {
          deleted = true;
          return json(404, { detail: "見つかりません" });
        },
      });
      await within(inventory()).findByText("スピーカー");
      await user.click(
        within(rowIn(inventory(), "スピーカー")).getByRole("button", { name: t.add("スピーカー") }),
      );
      expect(await screen.findByText(f.caseNotFoundTitle, undefined, { timeout: 3000 })).toBeInTheDocument();
    });
  });
});
