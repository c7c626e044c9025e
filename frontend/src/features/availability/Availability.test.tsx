import { screen, waitFor, within } from "@testing-library/react";
import type { HoldersDto, TimelineDto } from "@zaiko/common/availability/insight.schema";
import { ja } from "@zaiko/common/messages/ja";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { InventoryCard } from "../orderitems/InventoryCard";
import { TimelinePage } from "./TimelinePage";
import { WhyShortButton } from "./WhyShortButton";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);
const { serverEmit, resetFakeSocket } = require("../../test/fakeSocket");

const t = ja.availability;

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

const days = [
  "2027-03-01",
  "2027-03-02",
  "2027-03-03",
  "2027-03-04",
  "2027-03-05",
  "2027-03-06",
  "2027-03-07",
];
const week = (peaks: number[], tentativeTitle = "仮B"): TimelineDto => ({
  scope: { kind: "item", id: 7, name: "プロジェクター", category_id: 3 },
  days: [...days, ...days.map((d) => d.replace("03-0", "03-1"))],
  labels: [...days, ...days].map((_, i) => `3/${i + 1}(${"月火水木金土日"[i % 7]})`),
  before: "2027-02-22",
  next: "2027-03-08",
  from: "2027-02-28T15:00:00.000Z",
  to: "2027-03-14T15:00:00.000Z",
  items: [
    {
      id: 7,
      title: "プロジェクター",
      stock_quantity: 3,
      daily_peaks: peaks,
      bars: [
        {
          case_id: 11,
          case_title: "展示会A",
          status: "confirmed",
          start_date: "2027-03-01T00:00:00.000Z",
          end_date: "2027-03-03T09:00:00.000Z",
          quantity: 2,
          out_of_service: false,
          held_from: "2027-03-01T00:00:00.000Z",
          held_until: "2027-03-03T09:00:00.000Z",
        },
        {
          case_id: 12,
          case_title: tentativeTitle,
          status: "tentative",
          start_date: "2027-03-02T00:00:00.000Z",
          end_date: "2027-03-05T09:00:00.000Z",
          quantity: 1,
          out_of_service: false,
          held_from: "2027-03-02T00:00:00.000Z",
          held_until: "2027-03-05T09:00:00.000Z",
        },
      ],
    },
  ],
});

describe("TimelinePage", () => {
  it("opens a set's timeline: asks for the set, draws its parts' lanes, pages as a set", async () => {
    const answer: TimelineDto = {
      ...week([2, 3, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      scope: { kind: "set", id: 5, name: "PAセット", category_id: 3 },
    };
    const { requests } = stubFetch(routes({ "GET /api/availability/timeline/": json(200, answer) }));
    renderPage(<TimelinePage />, {
      at: "/availability/set/5?from=2027-03-01",
      path: "/availability/:kind/:id",
      session: ownerSession,
    });
    expect(await screen.findByRole("heading", { name: t.timelineTitle("PAセット") })).toBeInTheDocument();
    expect(Object.fromEntries(new URL(requests[0]!.url).searchParams)).toMatchObject({
      set: "5",
      from: "2027-03-01",
    });
    expect(screen.getByRole("list", { name: t.timelineTitle("プロジェクター") })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: t.nextWeek })).toHaveAttribute(
      "href",
      "/availability/set/5?from=2027-03-08",
    );
    expect(screen.getByRole("link", { name: t.categoryTimeline })).toHaveAttribute(
      "href",
      "/availability/category/3?from=2027-03-01",
    );
  });

  it("draws each case as a bar linking to it, each day's peak against stock, and pages by week", async () => {
    const { requests } = stubFetch(
      routes({
        "GET /api/availability/timeline/": json(200, week([2, 3, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 5])),
      }),
    );
    renderPage(<TimelinePage />, {
      at: "/availability/item/7?from=2027-03-01",
      path: "/availability/:kind/:id",
      session: ownerSession,
    });
    expect(
      await screen.findByRole("heading", { name: t.timelineTitle("プロジェクター") }),
    ).toBeInTheDocument();
    const asked = new URL(requests[0]!.url);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      item: "7",
      from: "2027-03-01",
      weeks: "4",
    });
    const bar = screen.getByRole("link", { name: /^展示会A（本予約）2個/ });
    expect(bar).toHaveAttribute("href", "/orderitems/11");
    expect(bar).toHaveClass("tl-bar-confirmed");
    expect(screen.getByRole("link", { name: /^仮B（仮押さえ）1個/ })).toHaveClass("tl-bar-tentative");
    const peaks = within(screen.getByRole("list", { name: t.timelineTitle("プロジェクター") })).getAllByRole(
      "listitem",
    );
    expect(peaks.map((p) => p.textContent)).toEqual([
      "2",
      "3",
      "3",
      "1",
      "1",
      "0",
      "0",
      "0",
      "0",
      "0",
      "0",
      "0",
      "0",
      "5",
    ]);
    expect(peaks[1]).toHaveAccessibleName(`${t.peakOf("3/2(火)", 3, 3)}（${t.full}）`);
    expect(peaks[1]).toHaveClass("tl-peak-full");
    expect(peaks[0]).toHaveClass("tl-peak-used");
    expect(peaks[13]).toHaveClass("tl-peak-short");
    expect(peaks[13]).toHaveAccessibleName(`${t.peakOf("3/14(日)", 5, 3)}（${t.short(2)}）`);
    expect(screen.getByRole("link", { name: t.nextWeek })).toHaveAttribute(
      "href",
      "/availability/item/7?from=2027-03-08",
    );
    expect(screen.getByRole("link", { name: t.categoryTimeline })).toHaveAttribute(
      "href",
      "/availability/category/3?from=2027-03-01",
    );
    expect(screen.getByRole("link", { name: t.previousWeek })).toHaveAttribute(
      "href",
      "/availability/item/7?from=2027-02-22",
    );
  });

  it("reads the weeks again when the stock of a shown item or one of its cases changes, not for others", async () => {
    let answer = week([2, 3, 3, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const { requests } = stubFetch(routes({ "GET /api/availability/timeline/": () => json(200, answer) }));
    renderPage(<TimelinePage />, {
      at: "/availability/item/7?from=2027-03-01",
      path: "/availability/:kind/:id",
      session: ownerSession,
    });
    await screen.findByRole("link", { name: /^仮B/ });
    const reads = () => requests.filter((r) => route(r) === "GET /api/availability/timeline/").length;
    serverEmit("stock.changed", { seq: 1, item_ids: [99], from: null, to: null });
    await new Promise((r) => setTimeout(r, 400));
    expect(reads()).toBe(1);
    answer = week([2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "仮B（延長）");
    serverEmit("stock.changed", { seq: 2, item_ids: [7], from: null, to: null });
    expect(await screen.findByRole("link", { name: /^仮B（延長）/ })).toBeInTheDocument();
    expect(reads()).toBe(2);
    answer = week([2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "仮B（改名）");
    serverEmit("workcases.upserted", { seq: 3, workcase: { id: 12 } });
    expect(await screen.findByRole("link", { name: /^仮B（改名）/ })).toBeInTheDocument();
  });
});

const holders = (title = "仮B"): HoldersDto => ({
  item: { id: 7, title: "プロジェクター", category_name: "映像", stock_quantity: 3 },
  start_date: "2027-03-02T01:00:00.000Z",
  end_date: "2027-03-04T01:00:00.000Z",
  quantity: 1,
  available: 0,
  holders: [
    {
      case_id: 11,
      case_title: "展示会A",
      status: "confirmed",
      start_date: "2027-03-01T00:00:00.000Z",
      end_date: "2027-03-03T09:00:00.000Z",
      quantity: 2,
      hold_until: null,
      held_by_name: null,
      out_of_service: false,
      held_from: "2027-03-01T00:00:00.000Z",
      held_until: "2027-03-03T09:00:00.000Z",
    },
    {
      case_id: 12,
      case_title: title,
      status: "tentative",
      start_date: "2027-03-02T00:00:00.000Z",
      end_date: "2027-03-05T09:00:00.000Z",
      quantity: 1,
      hold_until: "2027-02-20T09:00:00.000Z",
      held_by_name: "山田 太郎",
      out_of_service: false,
      held_from: "2027-03-02T00:00:00.000Z",
      held_until: "2027-03-05T09:00:00.000Z",
    },
  ],
  free_from: "2027-03-03T09:00:00.001Z",
});

describe("WhyShortButton", () => {
  it("opens who holds the item (each linking to its case) and from when it is free, and follows changes", async () => {
    let answer = holders();
    const { requests } = stubFetch(
      routes({ "GET /api/availability/items/7/holders/": () => json(200, answer) }),
    );
    const { user } = renderPage(<WhyShortButton itemId={7} itemTitle="プロジェクター" caseId={5} />, {
      at: "/orderitems/5",
      session: ownerSession,
    });
    expect(requests).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: t.whyButton("プロジェクター") }));
    const dialog = await screen.findByRole("dialog", { name: t.whyTitle("プロジェクター") });
    const list = await within(dialog).findByRole("list", { name: t.holdersCaption });
    const lines = within(list).getAllByRole("listitem");
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole("link", { name: "展示会A" })).toHaveAttribute(
      "href",
      "/orderitems/11",
    );
    expect(lines[0]).toHaveTextContent(ja.lifecycle.confirmed);
    expect(lines[0]).toHaveTextContent("2個");
    expect(lines[1]).toHaveTextContent(ja.lifecycle.tentative);
    expect(lines[1]).toHaveTextContent(t.holderHold("2027年02月20日 18:00", "山田 太郎"));
    expect(lines[1]).toHaveTextContent(t.holderPeriod("2027年03月02日 09:00", "2027年03月05日 18:00"));
    // Free from 18:00:00.001: the first minute a form can take is 18:01.
    expect(within(dialog).getByRole("status")).toHaveTextContent(t.freeFrom("2027年03月03日 18:01"));
    expect(within(dialog).getByText(t.stockLine(3, 0))).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: t.itemTimelineOf("プロジェクター") })).toHaveAttribute(
      "href",
      "/availability/item/7?from=2027-03-02",
    );
    const asked = new URL(requests[0]!.url);
    expect(asked.searchParams.get("case")).toBe("5");

    answer = holders("仮B（更新）");
    serverEmit("workcases.upserted", { seq: 1, workcase: { id: 12 } });
    expect(await within(dialog).findByRole("link", { name: "仮B（更新）" })).toBeInTheDocument();
    await waitFor(() => expect(requests.length).toBe(2));
  });
});

describe("理由 on the case screen's stock list", () => {
  it("appears beside an item with nothing left (not one with units left), and not on a cancelled case", async () => {
    stubFetch(routes({ "GET /api/availability/items/7/holders/": () => json(200, holders()) }));
    const rows = [
      {
        id: 7,
        name: "プロジェクター",
        category: "映像",
        category_id: 1,
        stock_quantity: 3,
        shippable_quantity: 0,
      },
      {
        id: 8,
        name: "スクリーン",
        category: "映像",
        category_id: 1,
        stock_quantity: 2,
        shippable_quantity: 1,
      },
    ];
    const card = (canAdd: boolean) => (
      <InventoryCard
        rows={rows}
        categories={[]}
        loading={false}
        itemDayPath={null}
        busy={new Set()}
        pending={new Map()}
        onAdd={() => {}}
        canAdd={canAdd}
        caseId={5}
      />
    );
    const { user, unmount } = renderPage(card(true), { at: "/orderitems/5", session: ownerSession });
    const projector = screen.getByRole("row", { name: /プロジェクター/ });
    expect(within(projector).getByText("0 / 3")).toBeInTheDocument();
    expect(within(projector).queryByRole("button", { name: "プロジェクターを1つ追加" })).toBeNull();
    const screenRow = screen.getByRole("row", { name: /スクリーン/ });
    expect(within(screenRow).getByRole("button", { name: "スクリーンを1つ追加" })).toBeInTheDocument();
    expect(within(screenRow).queryByRole("button", { name: t.whyButton("スクリーン") })).toBeNull();
    await user.click(within(projector).getByRole("button", { name: t.whyButton("プロジェクター") }));
    const dialog = await screen.findByRole("dialog", { name: t.whyTitle("プロジェクター") });
    expect(await within(dialog).findByRole("link", { name: "展示会A" })).toHaveAttribute(
      "href",
      "/orderitems/11",
    );
    unmount();

    renderPage(card(false), { at: "/orderitems/5", session: ownerSession });
    expect(screen.queryByRole("button", { name: t.whyButton("プロジェクター") })).toBeNull();
  });
});
