import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";
import { HISTORY_PAGE } from "@zaiko/common/history/page";
import { ja } from "@zaiko/common/messages/ja";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { historyEntryDto, historyLines } from "../../test/history";
import { json, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { ActivityPanel } from "./ActivityPanel";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.history;
const entry = (id: number, over: Partial<HistoryEntryDto>) =>
  historyEntryDto(id, { before: { order_quantity: 0 }, after: { order_quantity: 1 }, ...over });

/** The panel's lines, top to bottom, without their times. */
const lines = (panel: string = t.panelTitle) => historyLines(panel);

beforeEach(resetFakeSocket);
afterEach(() => jest.restoreAllMocks());

describe("ActivityPanel", () => {
  it("shows the case's entries newest first and adds other members' entries live, each once", async () => {
    stubFetch(
      routes({
        "GET /api/history/": json(200, [
          entry(2, { actor_name: "佐藤 花子", action: "orderitem.issue", quantity: 2 }),
          entry(1, {}),
        ]),
      }),
    );
    renderPage(<ActivityPanel target={{ caseId: 5 }} />, { session: ownerSession });
    await waitFor(() =>
      expect(lines()).toEqual([
        "佐藤 花子 が ワイヤレスマイク を 2個 出庫",
        "山田 太郎 が ワイヤレスマイク を 1個 追加",
      ]),
    );
    // The time is shown in the business zone (Asia/Tokyo).
    expect(screen.getAllByText("2030年04月10日 09:30")).toHaveLength(2);

    serverEmit("history.added", {
      seq: 1,
      entries: [
        entry(3, { actor_name: "鈴木 次郎", action: "orderitem.reduce", before: { order_quantity: 1 } }),
        // Another case's entry is not this panel's.
        entry(4, { work_case: 6, actor_name: "他の案件" }),
      ],
    });
    await waitFor(() => expect(lines()[0]).toBe("鈴木 次郎 が ワイヤレスマイク を 1個 削除"));
    // The same entry again (a replay after a refetch) changes nothing.
    serverEmit("history.added", {
      seq: 2,
      entries: [entry(3, { actor_name: "鈴木 次郎", action: "orderitem.reduce" })],
    });
    serverEmit("history.added", {
      seq: 3,
      entries: [
        entry(5, {
          action: "orderitem.edit",
          quantity: null,
          before: { order_quantity: 2, start_date: "a", end_date: "b", note: "" },
          after: { order_quantity: 3, start_date: "a", end_date: "c", note: "" },
        }),
      ],
    });
    await waitFor(() =>
      expect(lines()).toEqual([
        "山田 太郎 が ワイヤレスマイク の出荷アイテムを編集（期間、数量 2 → 3）",
        "鈴木 次郎 が ワイヤレスマイク を 1個 削除",
        "佐藤 花子 が ワイヤレスマイク を 2個 出庫",
        "山田 太郎 が ワイヤレスマイク を 1個 追加",
      ]),
    );
  });

  it("shows older entries page by page on さらに古い履歴を表示, and live ones still on top", async () => {
    // Ids 101–200 are the newest page; 1–100 and then none are before it. Issues, which the panel never
    // merges into one line (groupClicks), so that each entry is a line.
    const issue = (id: number) => entry(id, { quantity: id, action: "orderitem.issue" });
    const page = (newest: number, count: number) =>
      Array.from({ length: count }, (_, i) => issue(newest - i));
    const { requests } = stubFetch((request) => {
      const before = new URL(request.url).searchParams.get("before");
      if (before === null) return json(200, page(200, HISTORY_PAGE));
      if (before === "101") return json(200, page(100, 2));
      return json(599, { detail: `unexpected before=${before}` });
    });
    renderPage(<ActivityPanel target={{ caseId: 5 }} />, { session: ownerSession });
    await waitFor(() => expect(lines()).toHaveLength(HISTORY_PAGE));
    fireEvent.click(screen.getByRole("button", { name: t.loadOlder }));
    await waitFor(() => expect(lines()).toHaveLength(HISTORY_PAGE + 2));
    expect(lines().slice(-3)).toEqual([
      "山田 太郎 が ワイヤレスマイク を 101個 出庫",
      "山田 太郎 が ワイヤレスマイク を 100個 出庫",
      "山田 太郎 が ワイヤレスマイク を 99個 出庫",
    ]);
    // A page shorter than a full one was the last: nothing more to ask for.
    expect(screen.queryByRole("button", { name: t.loadOlder })).not.toBeInTheDocument();
    expect(requests.map((r) => new URL(r.url).searchParams.get("before"))).toEqual([null, "101"]);
    // A new entry goes on top; nothing loaded before goes away.
    serverEmit("history.added", { seq: 1, entries: [issue(201)] });
    await waitFor(() => expect(lines()[0]).toBe("山田 太郎 が ワイヤレスマイク を 201個 出庫"));
    expect(lines()).toHaveLength(HISTORY_PAGE + 3);
  });

  it("says so when there is no history yet, and when it cannot be read", async () => {
    stubFetch(routes({ "GET /api/history/": json(200, []) }));
    const { unmount } = renderPage(<ActivityPanel target={{ itemId: 9 }} title={t.itemTitle} />, {
      session: ownerSession,
    });
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    // An item's panel takes the item's entries, whatever their case.
    serverEmit("history.added", { seq: 1, entries: [entry(7, { work_case: 42, case_title: "別案件" })] });
    await waitFor(() =>
      expect(within(screen.getByRole("region", { name: t.itemTitle })).getAllByRole("listitem")).toHaveLength(
        1,
      ),
    );
    unmount();
    stubFetch(routes({ "GET /api/history/": json(404, { detail: "見つかりません" }) }));
    renderPage(<ActivityPanel target={{ caseId: 77 }} />, { session: ownerSession });
    expect(await screen.findByText(t.fetchFailed)).toBeInTheDocument();
  });
  it("an item's panel is read again after a large import, which sends no entries of its own", async () => {
    let reads = 0;
    const imported = entry(30, {
      action: "item.import",
      work_case: null,
      case_title: null,
      quantity: null,
      before: { stock_quantity: 4 },
      after: { stock_quantity: 6 },
    });
    stubFetch(
      routes({
        "GET /api/history/": () => {
          reads++;
          return json(200, reads === 1 ? [entry(1, {})] : [imported, entry(1, {})]);
        },
      }),
    );
    renderPage(<ActivityPanel target={{ itemId: 9 }} title={t.itemTitle} />, { session: ownerSession });
    await waitFor(() => expect(lines(t.itemTitle)).toHaveLength(1));
    // A small import sends its entries itself: nothing is read again.
    serverEmit("items.imported", { seq: 1, created: 1, updated: 0, itemized: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBe(1);
    serverEmit("items.imported", { seq: 2, created: 0, updated: 1500, itemized: false });
    await waitFor(() => expect(lines(t.itemTitle)).toHaveLength(2));
    expect(reads).toBe(2);
  });
});
