import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type {
  WarehouseBoardDto,
  WarehouseHireDto,
  WarehouseRowDto,
} from "@zaiko/common/warehouse/warehouse.schema";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { WarehousePage } from "./WarehousePage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const s = ja.subrentals;
const m = ja.movements;
const o = ja.outages;

const hire = (id: number, extra: Partial<WarehouseHireDto> = {}): WarehouseHireDto => ({
  sub_rental_id: id,
  kind: "arrive",
  at: "2026-11-22T10:00:00+09:00",
  supplier_name: "東京機材",
  item: 102,
  item_title: "マイク",
  quantity: 2,
  status: "requested",
  work_case: 5,
  case_title: "秋祭り",
  lost_quantity: 0,
  broken_quantity: 0,
  return_quantity: 2,
  ...extra,
});

const mic: WarehouseRowDto = {
  id: 2,
  item: { id: 102, title: "マイク", category_name: "音響" },
  order_quantity: 4,
  start_date: "2026-11-20T09:00:00+09:00",
  end_date: "2026-11-22T18:00:00+09:00",
  issue: "2026-11-20T08:00:00+09:00",
  receive: null,
  issued_quantity: 4,
  received_quantity: 0,
  lost_quantity: 0,
  broken_quantity: 0,
  version: 1,
  outgoing: false,
  returning: true,
};

const board = (extra: Partial<WarehouseBoardDto> = {}): WarehouseBoardDto => ({
  overdue: [],
  overdue_hires: [],
  days: [
    {
      date: "2026-11-22",
      label: "11/22(日)",
      cases: [{ id: 5, title: "秋祭り", start_date: mic.start_date, end_date: mic.end_date, rows: [mic] }],
      hires: [hire(1)],
    },
    {
      date: "2026-11-23",
      label: "11/23(月)",
      cases: [],
      hires: [
        hire(3, {
          kind: "return",
          at: "2026-11-23T10:00:00+09:00",
          item_title: "スピーカー",
          status: "received",
          lost_quantity: 1,
          return_quantity: 1,
        }),
      ],
    },
  ],
  from: "2026-11-21T15:00:00.000Z",
  to: "2026-11-23T15:00:00.000Z",
  now: "2026-11-22T01:00:00.000Z",
  ...extra,
});

function setup(state: { board: WarehouseBoardDto }, extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(
    routes({
      "GET /api/warehouse/": () => json(200, state.board),
      "GET /api/warehouse/overdue/": json(200, []),
      ...extra,
    }),
  );
  const view = renderPage(<WarehousePage />, { at: "/warehouse", session: ownerSession });
  return { ...view, ...net };
}

const hiresIn = (region: string) =>
  within(screen.getByRole("region", { name: region })).getByRole("article", { name: s.title });
const boardGets = (requests: Request[]) => requests.filter((r) => route(r) === "GET /api/warehouse/").length;

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("the board's 外部手配 block", () => {
  it("lists 入荷 today and 返却 tomorrow (less the lost unit, the supplier to be told); 入荷 posts the step", async () => {
    const state = { board: board() };
    const { user, requests } = setup(state, {
      "POST /api/subrentals/1/status/": json(200, {}),
    });
    const today = await screen.findByRole("region", { name: ja.warehouse.today("11/22(日)") });
    const arriving = within(today).getByRole("article", { name: s.title });
    expect(arriving).toHaveTextContent(`${s.receive}：マイク × 2（東京機材）`);
    expect(arriving).toHaveTextContent("秋祭り");
    const back = hiresIn(ja.warehouse.tomorrow("11/23(月)"));
    expect(back).toHaveTextContent(`${s.giveBack}：スピーカー × 1（東京機材）`);
    expect(back).toHaveTextContent(`${s.lossSummary(1, 0)}（${s.tellSupplier("東京機材")}）`);
    expect(screen.queryByRole("heading", { name: ja.warehouse.overdue })).not.toBeInTheDocument();

    state.board = board({
      days: [{ ...board().days[0], hires: [] }, board().days[1]],
    });
    await user.click(within(arriving).getByRole("button", { name: `マイクを${s.receive}（東京機材）` }));
    const sent = requests.find((r) => route(r) === "POST /api/subrentals/1/status/");
    expect(await sent!.clone().json()).toEqual({ status: "received" });
    await waitFor(() =>
      expect(
        within(screen.getByRole("region", { name: ja.warehouse.today("11/22(日)") })).queryByRole("article", {
          name: s.title,
        }),
      ).not.toBeInTheDocument(),
    );
  });

  it("shows a hire past its 返却予定 in the overdue area, live, and 返却 from there", async () => {
    const state = { board: board() };
    const { user, requests } = setup(state, {
      "POST /api/subrentals/4/status/": json(200, {}),
    });
    await screen.findByText(`${s.receive}：`, { exact: false });
    expect(screen.queryByRole("heading", { name: ja.warehouse.overdue })).not.toBeInTheDocument();

    // Another screen's event (here a hired loss) brings the board again: now with an overdue hire.
    const before = boardGets(requests);
    state.board = board({
      overdue_hires: [
        hire(4, {
          kind: "return",
          at: "2026-11-21T18:00:00+09:00",
          item_title: "プロジェクター",
          status: "received",
          quantity: 3,
          return_quantity: 3,
        }),
      ],
    });
    serverEmit("subrentals.losses", { seq: 1, sub_rental_ids: [4], item_id: 104 });
    await waitFor(() => expect(boardGets(requests)).toBeGreaterThan(before));
    const overdue = await screen.findByRole("region", { name: ja.warehouse.overdue });
    const late = within(overdue).getByRole("article", { name: s.title });
    expect(late).toHaveTextContent(s.overdueBoardTitle);
    expect(within(late).getByText(s.overdue)).toBeVisible();
    expect(late).toHaveTextContent(`${s.giveBack}：プロジェクター × 3（東京機材）`);
    await user.click(within(late).getByRole("button", { name: `プロジェクターを${s.giveBack}（東京機材）` }));
    const sent = requests.find((r) => route(r) === "POST /api/subrentals/4/status/");
    expect(await sent!.clone().json()).toEqual({ status: "returned" });
  });

  it("the 入庫 dialog asks whether lost units were hired, preselects the case's hire and sends it", async () => {
    const state = { board: board() };
    const { user, requests } = setup(state, {
      "GET /api/orderitems/2/movements/": json(200, []),
      "GET /api/orderitems/2/hires/": json(200, [
        {
          id: 1,
          supplier_name: "東京機材",
          quantity: 2,
          reported: 0,
          start_date: "2026-11-20T09:00:00+09:00",
          end_date: "2026-11-22T20:00:00+09:00",
          for_case: true,
        },
      ]),
      "POST /api/orderitems/2/receive/": json(200, {
        id: 2,
        version: 2,
        items: mic.item,
        work_case: 5,
        order_quantity: 4,
        start_date: mic.start_date,
        end_date: mic.end_date,
        issue: mic.issue,
        receive: "2026-11-22T18:00:00+09:00",
        issued_quantity: 4,
        received_quantity: 4,
        note: "",
        category: "音響",
      }),
    });
    const row = (await screen.findByText("マイク", { selector: ".wh-row-title" })).closest(
      "li",
    ) as HTMLElement;
    await user.click(
      within(row).getByRole("button", { name: `マイク：${m.receivedOf(0, 4)}（${m.receiveSome}）` }),
    );
    const dialog = await screen.findByRole("dialog", { name: m.receiveTitle("マイク") });
    // Nothing lost yet: no question.
    expect(within(dialog).queryByRole("group", { name: s.lossOwner })).not.toBeInTheDocument();
    const lost = within(dialog).getByRole("spinbutton", { name: o.lostLabel });
    await user.clear(lost);
    await user.type(lost, "1");
    await user.tab();
    const owner = await within(dialog).findByRole("group", { name: s.lossOwner });
    const submit = within(dialog).getByRole("button", { name: m.submitReceive });
    // The user says whose units they were: no guess.
    expect(submit).toBeDisabled();
    await user.click(within(owner).getByRole("radio", { name: s.lossHired }));
    expect(within(owner).getByRole("combobox", { name: s.lossWhich })).toHaveValue("1");
    expect(within(owner).getByText(s.lossHiredHint)).toBeVisible();
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() =>
      expect(requests.some((r) => route(r) === "POST /api/orderitems/2/receive/")).toBe(true),
    );
    const posted = requests.find((r) => route(r) === "POST /api/orderitems/2/receive/")!;
    expect(await posted.clone().json()).toEqual({
      quantity: 3,
      lost: 1,
      broken: 0,
      repair_due: null,
      sub_rental: 1,
    });
  });
});
