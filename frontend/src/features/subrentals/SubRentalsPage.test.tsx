import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { SubRentalDto } from "@zaiko/common/subrentals/subrentals.schema";
import { todayParts } from "@zaiko/common/today";
import { businessTimeZone } from "../../lib/businessZone";
import { displayDateTime } from "../../lib/dateTime";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { SubRentalsPage } from "./SubRentalsPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.subrentals;

const hire = (id: number, extra: Partial<SubRentalDto> = {}): SubRentalDto => ({
  id,
  supplier: 31,
  supplier_name: "東京機材",
  item: 11,
  item_title: "スピーカー",
  quantity: 2,
  start_date: "2030-05-10T09:00:00+09:00",
  end_date: "2030-05-10T20:00:00+09:00",
  work_case: 5,
  case_title: "市民祭り",
  cost_memo: "1日 5,000円",
  status: "requested",
  received_at: null,
  returned_at: null,
  lost_quantity: 0,
  broken_quantity: 0,
  return_quantity: 2,
  has_reports: false,
  created: "2030-05-01T09:00:00+09:00",
  group: 7,
  version: 1,
  ...extra,
});

const supplier = { id: 31, name: "東京機材", contact: "03-1234-5678", memo: "", group: 7, version: 1 };

/** The list as the server answers it, changed by the handlers (a refetch reads it again). */
function setup(list: SubRentalDto[], extra: Parameters<typeof routes>[0] = {}) {
  const state = { list };
  const net = stubFetch(
    routes({
      "GET /api/subrentals/": () => json(200, state.list),
      "GET /api/suppliers/": json(200, [supplier]),
      ...extra,
    }),
  );
  const view = renderPage(<SubRentalsPage />, { at: "/subrentals", session: ownerSession });
  return { ...view, ...net, state };
}

const rowOf = (text: string) => screen.getByText(text).closest("li") as HTMLElement;
const listGets = (requests: Request[]) => requests.filter((r) => route(r) === "GET /api/subrentals/").length;

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("SubRentalsPage", () => {
  it("lists the hires with status, supplier, case, period, memo; an overdue one and hired losses say so; 取消 only without reports", async () => {
    setup([
      hire(1),
      hire(2, {
        item_title: "ライト",
        status: "received",
        received_at: "2026-01-01T09:00:00+09:00",
        start_date: "2026-01-01T09:00:00+09:00",
        end_date: "2026-01-02T18:00:00+09:00",
        lost_quantity: 1,
        broken_quantity: 1,
        return_quantity: 1,
        has_reports: true,
      }),
      // Its reports were all resolved (found, repaired): it still happened.
      hire(3, { item_title: "ミキサー", status: "received", has_reports: true }),
    ]);
    const speaker = (await screen.findByText("スピーカー")).closest("li") as HTMLElement;
    expect(speaker).toHaveTextContent(t.statuses.requested);
    expect(speaker).toHaveTextContent("東京機材");
    expect(speaker).toHaveTextContent("市民祭り");
    expect(speaker).toHaveTextContent("1日 5,000円");
    expect(within(speaker).queryByText(t.overdue)).not.toBeInTheDocument();
    expect(within(speaker).getByRole("button", { name: t.receive })).toBeVisible();

    const light = rowOf("ライト");
    expect(within(light).getByText(t.overdue)).toBeVisible();
    expect(light).toHaveTextContent(t.overdueSince(displayDateTime("2026-01-02T18:00:00+09:00")));
    expect(light).toHaveTextContent(`${t.lossSummary(1, 1)}（${t.tellSupplier("東京機材")}）`);
    expect(light).toHaveTextContent(t.returnExpected(1));
    expect(within(light).getByRole("button", { name: t.giveBack })).toBeVisible();
    // A hire with a loss happened: it is given back, not cancelled.
    expect(within(light).queryByRole("button", { name: t.cancel })).not.toBeInTheDocument();
    expect(within(rowOf("ミキサー")).getByRole("button", { name: t.giveBack })).toBeVisible();
    expect(within(rowOf("ミキサー")).queryByRole("button", { name: t.cancel })).not.toBeInTheDocument();
    expect(within(rowOf("スピーカー")).getByRole("button", { name: t.cancel })).toBeVisible();
  });

  it("入荷 and 返却 post the status step; the list follows the server's events live", async () => {
    const { user, requests, state } = setup([hire(1)], {
      "POST /api/subrentals/1/status/": json(200, hire(1, { status: "received" })),
    });
    await screen.findByText("スピーカー");
    state.list = [hire(1, { status: "received" })];
    await user.click(within(rowOf("スピーカー")).getByRole("button", { name: t.receive }));
    const sent = requests.find((r) => route(r) === "POST /api/subrentals/1/status/");
    expect(await sent!.clone().json()).toEqual({ status: "received" });
    expect(await within(rowOf("スピーカー")).findByText(t.statuses.received)).toBeVisible();

    // Another screen recorded a hired loss against it: the list reads it again.
    const before = listGets(requests);
    state.list = [hire(1, { status: "received", lost_quantity: 1, return_quantity: 1 })];
    serverEmit("subrentals.losses", { seq: 1, sub_rental_ids: [1], item_id: 11 });
    await waitFor(() => expect(listGets(requests)).toBeGreaterThan(before));
    expect(await screen.findByText(new RegExp(t.returnExpected(1)))).toBeVisible();

    // …and a hire created elsewhere.
    state.list = [hire(2, { item_title: "マイク" }), ...state.list];
    serverEmit("subrentals.upserted", { seq: 2, sub_rental: hire(2, { item_title: "マイク" }) });
    expect(await screen.findByText("マイク")).toBeVisible();
  });

  it("a refused 取消 shows the server's reason in Japanese with the short cases", async () => {
    const { user } = setup([hire(1)], {
      "POST /api/subrentals/1/status/": json(409, {
        error: t.cancelShort,
        shortages: [{ item_id: 11, title: "スピーカー", required: 3, available: 2 }],
        short_cases: [
          {
            item_id: 11,
            title: "スピーカー",
            at: "2030-05-10T01:00:00.000Z",
            cases: [
              {
                case_id: 5,
                case_title: "市民祭り",
                status: "confirmed",
                quantity: 3,
                start_date: "2030-05-10T10:00:00+09:00",
                end_date: "2030-05-10T18:00:00+09:00",
                out_of_service: false,
              },
            ],
          },
        ],
      }),
    });
    await screen.findByText("スピーカー");
    await user.click(within(rowOf("スピーカー")).getByRole("button", { name: t.cancel }));
    expect(await screen.findByText(t.cancelShort)).toBeVisible();
    expect(document.querySelector(".subrental-refusal")).toHaveTextContent("市民祭り");
  });

  it("月 shows the month in Japanese (2026年11月), typed or picked by keyboard or mouse, and is the CSV's ?month=", async () => {
    const csv = () =>
      new Response("\ufeff取引先\r\n", { status: 200, headers: { "Content-Type": "text/csv" } });
    const { user, requests } = setup([hire(1)], { "GET /api/subrentals/export/": csv });
    Object.assign(URL, { createObjectURL: jest.fn(() => "blob:csv"), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const exports = () => requests.filter((r) => route(r) === "GET /api/subrentals/export/");
    /** 月次CSV, and the month its request asked for. */
    const exported = async () => {
      const before = exports().length;
      await user.click(screen.getByRole("button", { name: t.csv }));
      await waitFor(() => expect(exports()).toHaveLength(before + 1));
      return new URL(exports()[before]!.url).searchParams.get("month");
    };
    await screen.findByText("スピーカー");
    const field = screen.getByLabelText(t.month);

    // This month of the business zone, written in Japanese whatever the browser's language.
    const { y, m } = todayParts(new Date(), businessTimeZone());
    expect(field).toHaveValue(`${y}年${Number(m)}月`);
    expect(await exported()).toBe(`${y}-${m}`);

    // Typed.
    await user.clear(field);
    await user.type(field, "2030年5月");
    await user.tab();
    expect(field).toHaveValue("2030年5月");
    expect(await exported()).toBe("2030-05");

    // Keyboard: ↓ opens the months on the chosen one; → and Enter take the next, and the focus comes back.
    await user.click(field);
    expect(document.querySelector(".p-monthpicker")).toBeNull();
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(document.activeElement).toHaveAttribute("data-p-highlight", "true"));
    expect(document.activeElement).toHaveTextContent("5月");
    await user.keyboard("{ArrowRight}{Enter}");
    await waitFor(() => expect(field).toHaveValue("2030年6月"));
    expect(field).toHaveFocus();
    expect(await exported()).toBe("2030-06");

    // Mouse: the button beside it opens the months (Japanese names), one click picks.
    await user.click(screen.getByRole("button", { name: ja.common.openPicker(t.month) }));
    const months = await waitFor(() => document.querySelector(".p-monthpicker") as HTMLElement);
    expect(
      [...months.querySelectorAll("[data-pc-section=month]")].map((c) => c.firstChild?.textContent),
    ).toEqual(ja.calendar.months);
    await user.click(within(months).getByText("3月"));
    await waitFor(() => expect(field).toHaveValue("2030年3月"));
    expect(await exported()).toBe("2030-03");

    // A cleared text names no month: the one chosen stays, and comes back on leaving the field.
    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue("2030年3月");
    expect(await exported()).toBe("2030-03");
  });

  it("新規外部手配: picks the item, types the period, posts the hire", async () => {
    // The item choices come from the weekly list of today (GET /api/items/{y}/{m}/{d}/).
    const state: { list: SubRentalDto[] } = { list: [] };
    const items = { results: { items: [{ id: 12, title: "プロジェクター" }] } };
    const { requests } = stubFetch(async (request) => {
      if (request.method === "GET" && new URL(request.url).pathname.startsWith("/api/items/"))
        return json(200, items);
      if (route(request) === "GET /api/subrentals/") return json(200, state.list);
      if (route(request) === "GET /api/suppliers/") return json(200, [supplier]);
      if (route(request) === "POST /api/subrentals/") {
        const body = await request.json();
        state.list = [hire(9, { ...body, item_title: "プロジェクター" })];
        return json(201, state.list[0]);
      }
      return json(599, { detail: `unexpected ${route(request)}` });
    });
    const { user } = renderPage(<SubRentalsPage />, { at: "/subrentals", session: ownerSession });
    expect(await screen.findByText(t.none)).toBeVisible();
    await user.click(screen.getByRole("button", { name: t.newSubRental }));
    const dialog = await screen.findByRole("dialog", { name: t.newSubRental });
    // PrimeReact's Dropdown: jsdom has no layout, so its panel counts as hidden; the choices come in first.
    // The second dropdown (the first is the supplier, preselected), once the choices came.
    await waitFor(() =>
      expect(requests.some((r) => new URL(r.url).pathname.startsWith("/api/items/"))).toBe(true),
    );
    await user.click(dialog.querySelectorAll(".p-dropdown")[1] as HTMLElement);
    await user.click(await screen.findByRole("option", { name: "プロジェクター", hidden: true }));
    await user.clear(within(dialog).getByLabelText(t.quantity));
    await user.type(within(dialog).getByLabelText(t.quantity), "3");
    await user.type(within(dialog).getByLabelText(t.startLabel), "2030/05/10 09:00");
    await user.type(within(dialog).getByLabelText(t.endLabel), "2030/05/11 18:00");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: t.submit })).toBeEnabled());
    await user.click(within(dialog).getByRole("button", { name: t.submit }));
    await waitFor(() => expect(requests.some((r) => route(r) === "POST /api/subrentals/")).toBe(true));
    const posted = await requests.find((r) => route(r) === "POST /api/subrentals/")!.json();
    expect(posted).toEqual({
      supplier: 31,
      item: 12,
      quantity: 3,
      // Typed wall-clock times, read in the browser's zone (as the form does).
      start_date: new Date(2030, 4, 10, 9, 0).toISOString(),
      end_date: new Date(2030, 4, 11, 18, 0).toISOString(),
      work_case: null,
      cost_memo: "",
    });
    expect(await screen.findByText("プロジェクター")).toBeVisible();
  });
});
