import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { MovementDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { OrderItemDto } from "../../lib/allocation";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { workCaseDto } from "../../test/workCases";
import { OrderItemsListPage } from "./OrderItemsListPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const m = ja.movements;
const o = ja.outages;

const workcase = workCaseDto();

const mic: OrderItemDto = {
  id: 1,
  version: 1,
  items: { id: 11, title: "マイク", category_name: "音響", unit_tracked: false },
  work_case: 5,
  order_quantity: 10,
  start_date: workcase.start_date,
  end_date: workcase.end_date,
  issue: null,
  receive: null,
  note: "",
  category: "音響",
  issued_quantity: 0,
  received_quantity: 0,
  units_out: [],
};

const record: MovementDto = {
  id: 1,
  order_item: 1,
  kind: "issue",
  quantity: 8,
  at: "2026-11-20T08:00:00+09:00",
  disposition: "returned",
  repair_due: null,
  resolved_at: null,
  member: 3,
  member_name: "山田 太郎",
};

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(
    routes({
      "GET /api/workcases/5/": json(200, workcase),
      "GET /api/orderitems/": json(200, [mic]),
      "GET /api/orderitems/1/movements/": json(200, []),
      ...extra,
    }),
  );
  const view = renderPage(<OrderItemsListPage />, {
    at: "/orderitemslist/5",
    path: "/orderitemslist/:caseId",
    session: ownerSession,
  });
  return { ...view, ...net };
}

const rowOf = (title: string) => screen.getByText(title).closest("tr") as HTMLElement;
const progress = (label: string, action: string) =>
  within(rowOf("マイク")).findByRole("button", { name: `マイク：${label}（${action}）` });

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("issue and receive by quantity on the shipped item list", () => {
  it("shows 出庫済 0/10 and 入庫済 0/10, issues a chosen 8 through the dialog, and shows 出庫済 8/10", async () => {
    const { user, requests } = setup({
      "POST /api/orderitems/1/issue/": json(200, {
        ...mic,
        version: 2,
        issued_quantity: 8,
        issue: "2026-11-20T08:00:00+09:00",
      }),
    });
    await screen.findByText("マイク");
    await user.click(await progress(m.issuedOf(0, 10), m.issueSome));
    const dialog = await screen.findByRole("dialog", { name: m.issueTitle("マイク") });
    // Starts at everything that is left.
    const input = within(dialog).getByRole("spinbutton", { name: m.quantityLabel });
    expect(input).toHaveValue("10");
    expect(within(dialog).getByText(m.remaining(10))).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "8");
    await user.click(within(dialog).getByRole("button", { name: m.submitIssue }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const posted = requests.filter((r) => route(r) === "POST /api/orderitems/1/issue/");
    expect(await posted[0]!.clone().json()).toEqual({ quantity: 8 });
    expect(await progress(m.issuedOf(8, 10), m.issueSome)).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const { user } = setup({
      "POST /api/orderitems/1/receive/": json(409, { error: ja.allocation.notIssued }),
    });
    await screen.findByText("マイク");
    await user.click(await progress(m.receivedOf(0, 10), m.receiveSome));
    const dialog = await screen.findByRole("dialog", { name: m.receiveTitle("マイク") });
    // Nothing is out: nothing to receive, the submit is disabled.
    expect(within(dialog).getByText(m.nothingToReceive)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: m.submitReceive })).toBeDisabled();
    serverEmit("orderitems.upserted", {
      seq: 1,
      order_item: { ...mic, version: 2, issued_quantity: 3, issue: "2026-11-20T08:00:00+09:00" },
    });
    // The dialog follows the live row: 3 are out now.
    expect(await within(dialog).findByText(m.remaining(3))).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: m.submitReceive }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ja.allocation.notIssued);
  });

  it("receives with units lost and broken: they come out of the good ones, and broken ones need a repair date", async () => {
    const { user, requests } = setup({
      "GET /api/orderitems/": json(200, [{ ...mic, issued_quantity: 10, issue: record.at }]),
      "POST /api/orderitems/1/receive/": json(200, {
        ...mic,
        version: 2,
        issued_quantity: 10,
        received_quantity: 10,
      }),
    });
    await screen.findByText("マイク");
    await user.click(await progress(m.receivedOf(0, 10), m.receiveSome));
    const dialog = await screen.findByRole("dialog", { name: m.receiveTitle("マイク") });
    const good = within(dialog).getByRole("spinbutton", { name: m.receiveQuantityLabel });
    expect(good).toHaveValue("10");
    const field = (label: string) => within(dialog).getByRole("spinbutton", { name: label });
    // Typed and left, as on a phone (the number is taken when the field is left).
    for (const [label, typed] of [
      [o.lostLabel, "1"],
      [o.brokenLabel, "2"],
    ] as const) {
      await user.clear(field(label));
      await user.type(field(label), typed);
      await user.tab();
    }
    // The good ones make room for them: 7 + 1 + 2 is all ten that are out.
    await waitFor(() => expect(good).toHaveValue("7"));
    expect(within(dialog).getByText(o.receivePlan(7, 1, 2, 10))).toBeInTheDocument();
    const submit = within(dialog).getByRole("button", { name: m.submitReceive });
    // Broken units need the day they are expected back from repair.
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(o.repairDueLabel), "2026-12-01");
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const posted = requests.filter((r) => route(r) === "POST /api/orderitems/1/receive/");
    expect(await posted[0]!.clone().json()).toEqual({
      quantity: 7,
      lost: 1,
      broken: 2,
      // The business zone's midnight of that day.
      repair_due: "2026-12-01T00:00:00+09:00",
    });
  });

  it("lists who moved how many when, and undoes the latest record", async () => {
    const { user, requests } = setup({
      "GET /api/orderitems/": json(200, [{ ...mic, issued_quantity: 8, issue: record.at }]),
      "GET /api/orderitems/1/movements/": json(200, [record]),
      "DELETE /api/orderitems/1/movements/latest/": json(200, { ...mic, version: 3 }),
    });
    await screen.findByText("マイク");
    await user.click(await progress(m.issuedOf(8, 10), m.issueSome));
    const dialog = await screen.findByRole("dialog", { name: m.issueTitle("マイク") });
    const list = await within(dialog).findByRole("list", { name: m.history });
    expect(list).toHaveTextContent("出庫 8個（山田 太郎）");
    // The undo names the record it takes back, and asks before it does.
    await user.click(within(dialog).getByRole("button", { name: new RegExp(`^${m.undoLatest}：出庫 8個`) }));
    expect(requests.some((r) => route(r) === "DELETE /api/orderitems/1/movements/latest/")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: m.undoYes }));
    await waitFor(() =>
      expect(requests.some((r) => route(r) === "DELETE /api/orderitems/1/movements/latest/")).toBe(true),
    );
    expect(await within(dialog).findByText(m.issuedOf(0, 10), { exact: false })).toBeInTheDocument();
  });
  it("a take-back the server refuses (units given to a later case) says why and changes nothing", async () => {
    const back: MovementDto = { ...record, id: 2, kind: "receive", at: "2026-11-21T08:00:00+09:00" };
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { user, requests } = setup({
      "GET /api/orderitems/": json(200, [
        { ...mic, issued_quantity: 8, received_quantity: 8, issue: record.at, receive: back.at },
      ]),
      "GET /api/orderitems/1/movements/": json(200, [record, back]),
      "DELETE /api/orderitems/1/movements/latest/": json(409, {
        error: m.takeBackShort,
        shortages: [{ item_id: 11, title: "マイク", required: 12, available: 10 }],
      }),
    });
    await screen.findByText("マイク");
    await user.click(await progress(m.receivedOf(8, 10), m.receiveSome));
    const dialog = await screen.findByRole("dialog", { name: m.receiveTitle("マイク") });
    await within(dialog).findByRole("list", { name: m.history });
    await user.click(within(dialog).getByRole("button", { name: new RegExp(`^${m.undoLatest}`) }));
    await user.click(within(dialog).getByRole("button", { name: m.undoYes }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(m.takeBackShort);
    expect(requests.filter((r) => route(r) === "DELETE /api/orderitems/1/movements/latest/")).toHaveLength(1);
    expect(within(dialog).getByText(m.receivedOf(8, 10), { exact: false })).toBeInTheDocument();
  });
});
