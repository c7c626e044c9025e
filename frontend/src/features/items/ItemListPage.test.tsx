import { screen, waitFor, within } from "@testing-library/react";
import type { CategoryDto, WeekItemDto, WeeklyItemsDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { WeeklySetsDto, WeekSetDto } from "@zaiko/common/sets/sets.schema";
import { expectAlertDialog, expectNoAlertDialog } from "../../test/alerts";
import { serverEmit as emit, resetFakeSocket } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { speakerShortCases } from "../../test/shortCases";
import { ItemListPage } from "./ItemListPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const categories: CategoryDto[] = [
  {
    id: 1,
    category: "映像機器",
    group: 7,
    version: 1,
    turnaround_before_minutes: 0,
    turnaround_after_minutes: 0,
  },
  {
    id: 2,
    category: "音響機器",
    group: 7,
    version: 1,
    turnaround_before_minutes: 0,
    turnaround_after_minutes: 0,
  },
];
const DAYS = ["11/22(日)", "11/23(月)", "11/24(火)", "11/25(水)", "11/26(木)", "11/27(金)", "11/28(土)"];

const item = (id: number, title: string, category: number, stock: number, daily: number[]): WeekItemDto => ({
  id,
  version: 1,
  title,
  category,
  category_name: categories.find((c) => c.id === category)?.category ?? "",
  stock_quantity: stock,
  note: "予備ランプ付き\n2行目",
  created: "2026-11-20T01:05:00Z",
  group: 7,
  turnaround_before_minutes: null,
  turnaround_after_minutes: null,
  effective_turnaround_before_minutes: 0,
  effective_turnaround_after_minutes: 0,
  unit_tracked: false,
  daily_order_quantities: daily,
  daily_tentative_quantities: [0, 0, 0, 0, 0, 0, 0],
});

const items = [
  item(1, "プロジェクター", 1, 10, [0, 2, 10, 0, 0, 0, 0]),
  item(2, "スピーカー", 2, 4, [1, 1, 1, 1, 1, 1, 1]),
  item(3, "マイク", 2, 8, [0, 0, 0, 0, 0, 0, 0]),
];

const week = (list: WeekItemDto[] = items): WeeklyItemsDto => ({
  results: { items: list, days: DAYS, categories, before: "2026-11-15", next: "2026-11-29" },
});

const weekSet = (id: number, title: string, category: number, daily: number[]): WeekSetDto => ({
  id,
  title,
  category,
  category_name: categories.find((c) => c.id === category)?.category ?? "",
  parts: [
    { item: 2, title: "スピーカー", quantity: 2 },
    { item: 3, title: "マイク", quantity: 4 },
  ],
  daily_shippable_sets: daily,
});
const setWeek = (sets: WeekSetDto[]): WeeklySetsDto => ({
  results: { sets, days: DAYS, before: "2026-11-15", next: "2026-11-29" },
});

const AT = "/item/2026/11/22";
const PATH = "/item/:year/:month/:day";

function setup(extra: Parameters<typeof routes>[0] = {}, at = AT) {
  const net = stubFetch(
    routes({
      "GET /api/items/2026/11/22/": json(200, week()),
      "GET /api/sets/week/2026/11/22/": json(200, setWeek([])),
      ...extra,
    }),
  );
  const view = renderPage(<ItemListPage />, { at, path: PATH, session: ownerSession });
  return { ...view, ...net };
}

/** The requests of the items' week alone (the sets' week is fetched beside it). */
const itemWeekRequests = (requests: Request[]) =>
  requests.map(route).filter((r) => r.startsWith("GET /api/items/"));

const titles = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
const rowOf = (title: string) => screen.getByRole("button", { name: title }).closest("tr") as HTMLElement;

/** A dialog once its opening animation is over (PrimeReact moves focus into it at that moment). */
async function openedDialog(name?: string) {
  const dialog = name ? await screen.findByRole("dialog", { name }) : await screen.findByRole("dialog");
  await waitFor(() => expect(dialog).toHaveClass("p-dialog-enter-done"));
  return dialog;
}

beforeEach(() => {
  jest.spyOn(console, "error").mockImplementation(() => {});
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  resetFakeSocket();
});

describe("ItemListPage: the week", () => {
  it("says what the day numbers mean, and can show only the items booked in the week", async () => {
    const { user } = setup();
    await screen.findByRole("button", { name: "プロジェクター" });
    expect(screen.getByText(ja.itemList.legend.days)).toBeInTheDocument();
    expect(titles()).toEqual(["スピーカー", "プロジェクター", "マイク"]);
    await user.click(screen.getByRole("checkbox", { name: ja.itemList.bookedOnly }));
    // マイク has 0 on every day of the week.
    expect(titles()).toEqual(["スピーカー", "プロジェクター"]);
    await user.click(screen.getByRole("checkbox", { name: ja.itemList.bookedOnly }));
    expect(titles()).toHaveLength(3);
  });

  it("loads the week with groupid, sorted by title, with the server's day labels and numbers", async () => {
    const { requests } = setup();
    await screen.findByRole("button", { name: "プロジェクター" });
    expect(screen.getByRole("heading", { name: ja.pages.item })).toBeInTheDocument();
    expect(new URL(requests[0]!.url).search).toBe("?groupid=7");
    expect(titles()).toEqual(["スピーカー", "プロジェクター", "マイク"]);
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual([ja.itemList.title, ja.itemList.category, ja.itemList.stock, ...DAYS]);
    const cells = within(rowOf("プロジェクター"))
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells.slice(1, 6)).toEqual(["映像機器", "10", "0", "2", `10（${ja.itemList.dayFull}）`]);
  });

  it("highlights a day whose bookings reach the stock, with a hint for screen readers", async () => {
    setup();
    await screen.findByRole("button", { name: "プロジェクター" });
    const full = within(rowOf("プロジェクター")).getByTitle(ja.itemList.dayFull);
    expect(full).toHaveClass("day-full");
    expect(full).toHaveTextContent("10");
    expect(within(rowOf("スピーカー")).queryByTitle(ja.itemList.dayFull)).not.toBeInTheDocument();
  });

  it("counts hired units (外部手配): 「booked＋hired」, full only when nothing is free with them", async () => {
    const hired = {
      ...item(4, "ミキサー", 2, 1, [0, 2, 2, 0, 0, 0, 0]),
      daily_hired_quantities: [0, 1, 2, 0, 0, 0, 0],
      daily_free_quantities: [1, 0, 1, 1, 1, 1, 1],
    };
    setup({ "GET /api/items/2026/11/22/": json(200, week([...items, hired])) });
    await screen.findByRole("button", { name: "ミキサー" });
    const cells = within(rowOf("ミキサー"))
      .getAllByRole("cell")
      .map((td) => td.textContent);
    // Day 2: 2 booked, 1 own + 1 hired: full. Day 3: 2 booked, 1 own + 2 hired: one free.
    expect(cells[4]).toBe(`2＋1（${ja.subrentals.hiredUnits(1)}）（${ja.itemList.dayFull}）`);
    expect(cells[5]).toBe(`2＋2（${ja.subrentals.hiredUnits(2)}）`);
  });

  it("labels the week links with the server's before/next dates and links to /item/YYYY/MM/DD", async () => {
    const { user, getByTestId } = setup();
    const previous = await screen.findByRole("link", {
      name: ja.itemList.weekOf(ja.itemList.previousWeek, "2026/11/15"),
    });
    expect(previous).toHaveTextContent("2026/11/15");
    expect(previous).toHaveAttribute("href", "/item/2026/11/15");
    const next = screen.getByRole("link", { name: ja.itemList.weekOf(ja.itemList.nextWeek, "2026/11/29") });
    expect(next).toHaveAttribute("href", "/item/2026/11/29");
    await user.click(next);
    expect(getByTestId("location")).toHaveTextContent("/item/2026/11/29");
    // 今週 leads back to the week of today (Asia/Tokyo).
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date());
    expect(screen.getByRole("link", { name: ja.itemList.thisWeek })).toHaveAttribute(
      "href",
      `/item/${today.replaceAll("-", "/")}`,
    );
  });

  it("keeps the week links inert until the dates are loaded", async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderPage(<ItemListPage />, { at: AT, path: PATH, session: ownerSession });
    expect(screen.queryByRole("link", { name: /前の週|次の週/ })).not.toBeInTheDocument();
    for (const name of [ja.itemList.previousWeek, ja.itemList.nextWeek]) {
      expect(screen.getByRole("button", { name })).toBeDisabled();
    }
  });

  it("takes the search from ?search= and writes what is typed back to the URL", async () => {
    const { user } = setup({}, `${AT}?search=%E3%83%9E%E3%82%A4%E3%82%AF`);
    const search = await screen.findByRole("searchbox", { name: ja.itemList.search });
    expect(search).toHaveValue("マイク");
    await screen.findByRole("button", { name: "マイク" });
    expect(titles()).toEqual(["マイク"]);
    // The week links carry the search along.
    expect(screen.getByRole("link", { name: new RegExp(ja.itemList.nextWeek) })).toHaveAttribute(
      "href",
      `/item/2026/11/29?search=${encodeURIComponent("マイク")}`,
    );

    await user.clear(search);
    await user.type(search, "スピ");
    expect(titles()).toEqual(["スピーカー"]);
    expect(new URLSearchParams(window.location.search).get("search")).toBe("スピ");
    expect(window.location.pathname).toBe(AT);
    // The box kept its focus: the page was not re-created by the URL change.
    expect(search).toHaveFocus();

    await user.clear(search);
    expect(window.location.search).toBe("");
  });

  it("searches the category name too", async () => {
    const { user } = setup();
    await screen.findByRole("button", { name: "マイク" });
    await user.type(screen.getByRole("searchbox", { name: ja.itemList.search }), "音響");
    expect(titles()).toEqual(["スピーカー", "マイク"]);
  });

  it("filters by category, with フィルターなし first", async () => {
    const { user } = setup();
    await screen.findByRole("button", { name: "マイク" });
    // PrimeReact's Dropdown: the trigger is a button; jsdom has no layout, so the panel counts as hidden.
    await user.click(screen.getByRole("button", { name: ja.itemList.categoryFilter }));
    await screen.findAllByRole("option", { hidden: true });
    const options = screen
      .getAllByRole("option", { hidden: true })
      .filter((o) => o.closest(".p-dropdown-panel") !== null);
    expect(options.map((o) => o.textContent)).toEqual([ja.itemList.noFilter, "映像機器", "音響機器"]);
    await user.click(screen.getByRole("option", { name: "映像機器", hidden: true }));
    await waitFor(() => expect(titles()).toEqual(["プロジェクター"]));

    await user.click(screen.getByRole("button", { name: ja.itemList.categoryFilter }));
    await user.click(await screen.findByRole("option", { name: ja.itemList.noFilter, hidden: true }));
    await waitFor(() => expect(titles()).toHaveLength(3));
  });

  it("alerts itemの取得に失敗しました。… when the week cannot be loaded", async () => {
    stubFetch(() => json(500, {}));
    renderPage(<ItemListPage />, { at: AT, path: PATH, session: ownerSession });
    await expectAlertDialog(ja.catalogue.itemFetchFailed);
  });
});

describe("ItemListPage: セット品 in the week", () => {
  const paSet = weekSet(10, "PAセット", 2, [1, 1, 0, 1, 2, 2, 2]);
  const projectorSet = weekSet(11, "映像セット", 1, [3, 3, 3, 3, 3, 3, 3]);
  const setTable = () => screen.getByRole("region", { name: ja.sets.weekTableLabel });
  const setRows = () =>
    within(setTable())
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((td) => td.textContent),
      );

  it("shows each set after the items with its parts and the server's sets per day, a day with none marked", async () => {
    setup({ "GET /api/sets/week/2026/11/22/": json(200, setWeek([projectorSet, paSet])) });
    await screen.findByRole("region", { name: ja.sets.weekTableLabel });
    expect(screen.getByRole("heading", { name: ja.sets.weekHeading })).toBeInTheDocument();
    const headers = within(setTable())
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual([ja.sets.setName, ja.sets.category, ja.sets.parts, ...DAYS]);
    const none = `0（${ja.sets.weekDayNone}）`;
    expect(setRows()).toEqual([
      ["PAセット", "音響機器", "スピーカー×2、マイク×4", "1", "1", none, "1", "2", "2", "2"],
      ["映像セット", "映像機器", "スピーカー×2、マイク×4", "3", "3", "3", "3", "3", "3", "3"],
    ]);
    // A set's name opens its parts' timeline from this week.
    expect(within(setTable()).getByRole("link", { name: "PAセット" })).toHaveAttribute(
      "href",
      "/availability/set/10?from=2026-11-22",
    );
    // The items' table comes first and is unchanged.
    const itemTable = screen.getByRole("region", { name: ja.pages.item });
    expect(itemTable.compareDocumentPosition(setTable()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("searches the sets with the items", async () => {
    const { user } = setup({ "GET /api/sets/week/2026/11/22/": json(200, setWeek([projectorSet, paSet])) });
    await screen.findByRole("region", { name: ja.sets.weekTableLabel });
    await user.type(screen.getByRole("searchbox", { name: ja.itemList.search }), "PA");
    await waitFor(() => expect(setRows().map((r) => r[0])).toEqual(["PAセット"]));
  });

  it("shows no set section for a group without sets", async () => {
    setup();
    await screen.findByRole("button", { name: "マイク" });
    expect(screen.queryByRole("heading", { name: ja.sets.weekHeading })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: ja.sets.weekTableLabel })).not.toBeInTheDocument();
  });

  it("refetches the sets' week when stock changes anywhere", async () => {
    let calls = 0;
    const { requests } = setup({
      "GET /api/sets/week/2026/11/22/": () => {
        calls += 1;
        return json(
          200,
          setWeek([weekSet(10, "PAセット", 2, calls === 1 ? [2, 2, 2, 2, 2, 2, 2] : [1, 1, 1, 1, 1, 1, 1])]),
        );
      },
    });
    await screen.findByRole("region", { name: ja.sets.weekTableLabel });
    expect(setRows()[0]?.[3]).toBe("2");
    emit("stock.changed", { seq: 1, item_ids: [3], from: null, to: null });
    await waitFor(() => expect(setRows()[0]?.[3]).toBe("1"));
    expect(requests.filter((r) => route(r) === "GET /api/sets/week/2026/11/22/")).toHaveLength(2);
  });
});

describe("ItemListPage: dialogs", () => {
  it("shows the detail with the created date as YYYY年MM月DD日 HH:mm (Tokyo)", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole("button", { name: "プロジェクター" }));
    const dialog = await openedDialog();
    expect(within(dialog).getByText(ja.itemList.detailTitle)).toBeInTheDocument();
    expect(within(dialog).getByText("2026年11月20日 10:05")).toBeInTheDocument();
    expect(within(dialog).getByText("映像機器")).toBeInTheDocument();
    expect(within(dialog).getByText(/予備ランプ付き/)).toBeInTheDocument();
    for (const name of [ja.itemList.edit, ja.itemList.delete, ja.itemList.close]) {
      expect(within(dialog).getByRole("button", { name })).toBeInTheDocument();
    }
  });

  it("shows 日付データが不正です for an invalid created date", async () => {
    const broken = { ...items[0]!, created: "not a date" };
    const { user } = setup({ "GET /api/items/2026/11/22/": json(200, week([broken])) });
    await user.click(await screen.findByRole("button", { name: "プロジェクター" }));
    const dialog = await openedDialog();
    expect(within(dialog).getByText(ja.errors.invalidDate)).toBeInTheDocument();
  });

  it("validates the new item form and creates it (numeric keyboard for 在庫数)", async () => {
    const created = { ...items[2]!, id: 9, title: "ミキサー", stock_quantity: 3, note: "" };
    const { user, requests } = setup({ "POST /api/items/": json(201, created) });
    await screen.findByRole("button", { name: "マイク" });
    await user.click(screen.getByRole("button", { name: ja.itemList.create }));
    const dialog = await openedDialog();
    expect(within(dialog).getByText(ja.itemList.createTitle)).toBeInTheDocument();
    const save = within(dialog).getByRole("button", { name: ja.itemList.save });
    expect(save).toBeDisabled();

    const title = within(dialog).getByLabelText(ja.itemList.title);
    const stock = within(dialog).getByLabelText(ja.itemList.stock);
    expect(stock).toHaveAttribute("inputmode", "numeric");
    expect(stock).toHaveAttribute("pattern", "[0-9]*");
    await user.click(title);
    await user.click(stock);
    await user.tab();
    expect(within(dialog).getByText(ja.validation.itemTitleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ja.validation.stockRequired)).toBeInTheDocument();
    await user.type(stock, "3個");
    expect(within(dialog).getByText(ja.validation.stockNumeric)).toBeInTheDocument();

    await user.type(title, "ミキサー");
    await user.clear(stock);
    await user.type(stock, "3");
    expect(save).toBeDisabled(); // no category yet
    await user.click(within(dialog).getByRole("button", { name: ja.itemList.categoryPlaceholder }));
    await user.click(await screen.findByRole("option", { name: "音響機器", hidden: true }));
    await user.type(within(dialog).getByLabelText(ja.itemList.note), "メモ");
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByRole("button", { name: "ミキサー" })).toBeInTheDocument();
    const post = requests.find((r) => route(r) === "POST /api/items/");
    expect(await post?.json()).toEqual({
      title: "ミキサー",
      category: 2,
      stock_quantity: 3,
      note: "メモ",
      group: 7,
    });
  });

  it("edits from the detail and lists the shortages of a refused stock lowering", async () => {
    const { user, requests } = setup({
      "PUT /api/items/1/": json(409, {
        error: ja.catalogue.stockBelowAllocation,
        shortages: [{ item_id: 1, title: "プロジェクター", required: 10, available: 6 }],
      }),
    });
    await user.click(await screen.findByRole("button", { name: "プロジェクター" }));
    await user.click(within(await openedDialog()).getByRole("button", { name: ja.itemList.edit }));
    const dialog = await openedDialog(ja.itemList.editTitle);
    const stock = within(dialog).getByLabelText(ja.itemList.stock);
    expect(stock).toHaveValue("10");
    await user.clear(stock);
    await user.type(stock, "6");
    await user.click(within(dialog).getByRole("button", { name: ja.itemList.update }));

    expect(await within(dialog).findByText(ja.catalogue.stockBelowAllocation)).toBeInTheDocument();
    expect(within(dialog).getByText(ja.itemList.shortage("プロジェクター", 10, 6))).toBeInTheDocument();
    expectNoAlertDialog();
    const put = requests.find((r) => route(r) === "PUT /api/items/1/");
    expect(new URL(put!.url).search).toBe("?groupid=7");
    expect(await put?.json()).toMatchObject({ id: 1, stock_quantity: 6, category: 1, group: 7 });
  });

  it("names the cases a refused stock lowering would leave short, linked to their 案件詳細", async () => {
    const { user } = setup({
      "PUT /api/items/2/": json(409, {
        error: ja.catalogue.stockBelowAllocation,
        shortages: [{ item_id: 2, title: "スピーカー", required: 5, available: 3 }],
        short_cases: speakerShortCases,
      }),
    });
    await user.click(await screen.findByRole("button", { name: "スピーカー" }));
    await user.click(within(await openedDialog()).getByRole("button", { name: ja.itemList.edit }));
    const dialog = await openedDialog(ja.itemList.editTitle);
    await user.click(within(dialog).getByRole("button", { name: ja.itemList.update }));

    expect(await within(dialog).findByText(ja.catalogue.stockBelowAllocation)).toBeInTheDocument();
    expect(within(dialog).getByText(ja.itemList.shortage("スピーカー", 5, 3))).toBeInTheDocument();
    expect(
      within(dialog).getByText(ja.shortCases.caption("スピーカー", "2030年12月03日 09:00")),
    ).toBeInTheDocument();
    const named = within(within(dialog).getByRole("list", { name: ja.shortCases.listLabel("スピーカー") }));
    expect(named.getByRole("link", { name: "夏祭り" })).toHaveAttribute("href", "/orderitems/41");
    expect(named.getByRole("link", { name: "前夜祭" })).toHaveAttribute("href", "/orderitems/42");
    expect(named.getAllByRole("listitem")[1]).toHaveTextContent(
      "仮押さえ2個2030年12月03日 09:00 〜 2030年12月03日 22:00",
    );
  });

  it("alerts アイテム編集に失敗しました。 when an edit fails otherwise", async () => {
    const { user } = setup({ "PUT /api/items/1/": json(500, {}) });
    await user.click(await screen.findByRole("button", { name: "プロジェクター" }));
    await user.click(within(await openedDialog()).getByRole("button", { name: ja.itemList.edit }));
    const dialog = await openedDialog(ja.itemList.editTitle);
    await user.click(within(dialog).getByRole("button", { name: ja.itemList.update }));
    await expectAlertDialog(ja.catalogue.itemEditFailed);
  });

  it("asks 本当にこのアイテムを削除しますか？ and deletes with groupid", async () => {
    const { user, requests } = setup({ "DELETE /api/items/3/": json(204, null) });
    await user.click(await screen.findByRole("button", { name: "マイク" }));
    await user.click(within(await openedDialog()).getByRole("button", { name: ja.itemList.delete }));
    const dialog = await openedDialog(ja.itemList.deleteTitle);
    expect(within(dialog).getByText(ja.catalogue.itemDeleteConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: ja.itemList.delete }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "マイク" })).not.toBeInTheDocument());
    const deletion = requests.find((r) => route(r) === "DELETE /api/items/3/");
    expect(new URL(deletion!.url).search).toBe("?groupid=7");
  });
});

describe("ItemListPage: CSV import", () => {
  const csv = () =>
    new File(["アイテム名,カテゴリ,在庫数,メモ\nケーブル,音響機器,5,\n"], "items.csv", { type: "text/csv" });

  it("alerts CSVファイルを選択してください without a file", async () => {
    const { user, requests } = setup();
    await screen.findByRole("button", { name: "マイク" });
    expect(screen.getByText(ja.itemImport.hint)).toBeInTheDocument();
    expect(screen.getByLabelText(ja.itemImport.file)).toHaveAttribute("accept", ".csv");
    await user.click(screen.getByRole("button", { name: ja.itemImport.import }));
    await expectAlertDialog(ja.validation.csvFileRequired);
    expect(requests.map(route).sort()).toEqual([
      "GET /api/items/2026/11/22/",
      "GET /api/sets/week/2026/11/22/",
    ]);
  });

  it("uploads the file as multipart csv_file, reloads the week and opens インポート完了", async () => {
    let weekCalls = 0;
    const { user, requests } = setup({
      "GET /api/items/2026/11/22/": () => {
        weekCalls += 1;
        return json(
          200,
          week(weekCalls === 1 ? items : [...items, item(4, "ケーブル", 2, 5, [0, 0, 0, 0, 0, 0, 0])]),
        );
      },
      "POST /api/import-item-csv/": json(200, { created: 1, updated: 0, skipped: 1 }),
    });
    // jsdom's File cannot be streamed by Node's Request, so the body is checked where it is built.
    const append = jest.spyOn(FormData.prototype, "append");
    await screen.findByRole("button", { name: "マイク" });
    const file = csv();
    await user.upload(screen.getByLabelText(ja.itemImport.file), file);
    await user.click(screen.getByRole("button", { name: ja.itemImport.import }));

    const dialog = await openedDialog(ja.itemImport.completeTitle);
    // Every row of the file is accounted for, the template's example row left in too.
    expect(dialog).toHaveTextContent(ja.itemImport.completeBody(1, 0) + ja.itemImport.skippedSamples(1));
    expect(await screen.findByRole("button", { name: "ケーブル" })).toBeInTheDocument();
    const upload = requests.find((r) => route(r) === "POST /api/import-item-csv/");
    expect(upload?.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(append).toHaveBeenCalledWith("csv_file", file, "items.csv");

    await user.click(within(dialog).getByRole("button", { name: ja.common.close }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("lists the refused lines of a bad file", async () => {
    const { user } = setup({
      "POST /api/import-item-csv/": json(400, {
        detail: ja.imports.failed,
        errors: [
          { line: 2, message: ja.validation.stockNumeric },
          { line: 5, message: ja.validation.itemTitleRequired },
        ],
      }),
    });
    await screen.findByRole("button", { name: "マイク" });
    await user.upload(screen.getByLabelText(ja.itemImport.file), csv());
    await user.click(screen.getByRole("button", { name: ja.itemImport.import }));
    const dialog = await openedDialog(ja.itemImport.errorTitle);
    expect(within(dialog).getByText(ja.imports.failed)).toBeInTheDocument();
    expect(
      within(dialog).getByText(ja.itemImport.lineError(2, ja.validation.stockNumeric)),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(ja.itemImport.lineError(5, ja.validation.itemTitleRequired)),
    ).toBeInTheDocument();
  });

  it("names the cases a refused stock lowering would leave short in the import's error dialog", async () => {
    const { user } = setup({
      "POST /api/import-item-csv/": json(409, {
        error: ja.catalogue.stockBelowAllocation,
        shortages: [{ item_id: 2, title: "スピーカー", required: 5, available: 3 }],
        short_cases: speakerShortCases,
      }),
    });
    await screen.findByRole("button", { name: "マイク" });
    await user.upload(screen.getByLabelText(ja.itemImport.file), csv());
    await user.click(screen.getByRole("button", { name: ja.itemImport.import }));
    const dialog = await openedDialog(ja.itemImport.errorTitle);
    expect(within(dialog).getByText(ja.catalogue.stockBelowAllocation)).toBeInTheDocument();
    expect(within(dialog).getByText(ja.itemList.shortage("スピーカー", 5, 3))).toBeInTheDocument();
    const named = within(within(dialog).getByRole("list", { name: ja.shortCases.listLabel("スピーカー") }));
    expect(named.getByRole("link", { name: "夏祭り" })).toHaveAttribute("href", "/orderitems/41");
    expect(named.getAllByRole("listitem")[0]).toHaveTextContent("本予約3個");
    expect(named.getByRole("link", { name: "前夜祭" })).toHaveAttribute("href", "/orderitems/42");
  });

  it("downloads the template as item_template.csv", async () => {
    const template = new Response("\ufeffアイテム名,カテゴリ,在庫数,メモ\r\n", {
      status: 200,
      headers: { "Content-Type": "text/csv" },
    });
    const { user } = setup({ "GET /download/template/item_template.csv": template });
    Object.assign(URL, { createObjectURL: jest.fn(() => "blob:csv"), revokeObjectURL: jest.fn() });
    let downloaded: string | null = null;
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await screen.findByRole("button", { name: "マイク" });
    await user.click(screen.getByRole("button", { name: ja.itemImport.template }));
    await waitFor(() => expect(downloaded).toBe("item_template.csv"));
  });

  it("imports セット品 when the file is said to hold sets: its own call, its template and its result", async () => {
    const { user, requests } = setup({
      "POST /api/import-set-csv/": json(200, { created: 1, updated: 2, parts: 7, skipped: 2 }),
      "GET /download/template/set_template.csv": new Response(
        "\ufeffセット名,カテゴリ,構成アイテム,数量\r\n",
        {
          status: 200,
          headers: { "Content-Type": "text/csv" },
        },
      ),
    });
    Object.assign(URL, { createObjectURL: jest.fn(() => "blob:csv"), revokeObjectURL: jest.fn() });
    let downloaded: string | null = null;
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await screen.findByRole("button", { name: "マイク" });
    const kinds = screen.getByRole("group", { name: ja.sets.importKind });
    expect(within(kinds).getByRole("radio", { name: ja.sets.importKindItems })).toBeChecked();
    await user.click(within(kinds).getByRole("radio", { name: ja.sets.importKindSets }));
    expect(screen.getByText(ja.sets.importSetsHint)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: ja.itemImport.template }));
    await waitFor(() => expect(downloaded).toBe("set_template.csv"));
    await user.upload(screen.getByLabelText(ja.itemImport.file), csv());
    await user.click(screen.getByRole("button", { name: ja.itemImport.import }));
    const dialog = await openedDialog(ja.itemImport.completeTitle);
    // Every row accounted for: 7 part rows in 3 sets, the 2 example rows skipped.
    expect(dialog).toHaveTextContent(ja.sets.importSetsComplete(1, 2, 7) + ja.itemImport.skippedSamples(2));
    expect(requests.map(route)).toContain("POST /api/import-set-csv/");
    expect(requests.map(route)).not.toContain("POST /api/import-item-csv/");
  });
});

describe("ItemListPage: live", () => {
  it("applies items and categories events by id, keeping the day numbers", async () => {
    const { requests } = setup();
    await screen.findByRole("button", { name: "プロジェクター" });

    const { daily_order_quantities: _daily, ...renamed } = {
      ...items[0]!,
      title: "プロジェクターA",
      stock_quantity: 2,
      version: 2,
    };
    emit("items.upserted", { seq: 1, item: renamed });
    const row = await waitFor(() => rowOf("プロジェクターA"));
    expect(within(row).getAllByRole("cell")[2]).toHaveTextContent("2");
    expect(within(row).getAllByRole("cell")[4]).toHaveTextContent("2");

    const { daily_order_quantities: _d, ...fresh } = item(5, "照明スタンド", 1, 1, []);
    emit("items.upserted", { seq: 2, item: fresh });
    expect(await screen.findByRole("button", { name: "照明スタンド" })).toBeInTheDocument();

    emit("categories.upserted", {
      seq: 3,
      category: { id: 2, category: "オーディオ", group: 7, version: 3 },
    });
    await waitFor(() => expect(screen.getAllByRole("cell", { name: "オーディオ" })).toHaveLength(2));
    // An older rename delivered late by another process changes neither the category nor its items.
    emit("categories.upserted", { seq: 4, category: { id: 2, category: "音響", group: 7, version: 2 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByRole("cell", { name: "オーディオ" })).toHaveLength(2);
    expect(screen.queryByRole("cell", { name: "音響" })).not.toBeInTheDocument();

    emit("items.deleted", { seq: 5, id: 3 });
    await waitFor(() => expect(screen.queryByRole("button", { name: "マイク" })).not.toBeInTheDocument());
    // The items' week is never refetched for these (the sets' week is: its numbers are the server's).
    expect(itemWeekRequests(requests)).toEqual(["GET /api/items/2026/11/22/"]);
  });

  it("refetches the week on stock.changed for a listed item and on items.imported", async () => {
    let calls = 0;
    const { requests } = setup({
      "GET /api/items/2026/11/22/": () => {
        calls += 1;
        const daily = calls === 1 ? [0, 0, 0, 0, 0, 0, 0] : [8, 8, 8, 8, 8, 8, 8];
        return json(200, week([item(3, "マイク", 2, 8, daily)]));
      },
    });
    await screen.findByRole("button", { name: "マイク" });
    emit("stock.changed", { seq: 1, item_ids: [999], from: null, to: null });
    emit("stock.changed", { seq: 2, item_ids: [3], from: null, to: null });
    emit("stock.changed", { seq: 3, item_ids: [3], from: null, to: null });
    await waitFor(() => expect(within(rowOf("マイク")).getAllByTitle(ja.itemList.dayFull)).toHaveLength(7));
    expect(itemWeekRequests(requests)).toEqual(["GET /api/items/2026/11/22/", "GET /api/items/2026/11/22/"]);

    emit("items.imported", { seq: 4, created: 2000, updated: 0, itemized: false });
    await waitFor(() => expect(itemWeekRequests(requests)).toHaveLength(3));
  });
});
