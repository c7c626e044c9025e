import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { WarehouseBoardDto, WarehouseRowDto } from "@zaiko/common/warehouse/warehouse.schema";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { WarehousePage } from "./WarehousePage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const m = ja.movements;

const mic: WarehouseRowDto = {
  id: 2,
  item: { id: 102, title: "マイク", category_name: "音響" },
  order_quantity: 10,
  start_date: "2026-11-22T09:00:00+09:00",
  end_date: "2026-11-24T18:00:00+09:00",
  issue: "2026-11-22T08:00:00+09:00",
  receive: null,
  issued_quantity: 8,
  received_quantity: 0,
  lost_quantity: 0,
  broken_quantity: 0,
  version: 1,
  outgoing: true,
  returning: false,
};

const board: WarehouseBoardDto = {
  overdue: [],
  days: [
    {
      date: "2026-11-22",
      label: "11/22(日)",
      cases: [{ id: 5, title: "秋祭り", start_date: mic.start_date, end_date: mic.end_date, rows: [mic] }],
    },
    { date: "2026-11-23", label: "11/23(月)", cases: [] },
  ],
  from: "2026-11-21T15:00:00.000Z",
  to: "2026-11-23T15:00:00.000Z",
  now: "2026-11-22T01:00:00.000Z",
};

const answer = (extra: Partial<OrderItemDto>): OrderItemDto => ({
  id: mic.id,
  version: 2,
  items: { ...mic.item, unit_tracked: false },
  work_case: 5,
  order_quantity: 10,
  start_date: mic.start_date,
  end_date: mic.end_date,
  issue: mic.issue,
  receive: null,
  issued_quantity: 8,
  received_quantity: 0,
  units_out: [],
  note: "",
  category: "音響",
  ...extra,
});

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(
    routes({
      "GET /api/warehouse/": json(200, board),
      "GET /api/orderitems/2/movements/": json(200, []),
      ...extra,
    }),
  );
  const view = renderPage(<WarehousePage />, { at: "/warehouse", session: ownerSession });
  return { ...view, ...net };
}

const rowOf = (title: string) => screen.getByText(title).closest("li") as HTMLElement;
const progress = (label: string, action: string) =>
  within(rowOf("マイク")).findByRole("button", { name: `マイク：${label}（${action}）` });

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("issue and receive by quantity on the warehouse board", () => {
  it("shows 出庫済 8/10, issues the 2 left through the dialog, and updates the row from the answer", async () => {
    const { user, requests } = setup({
      "POST /api/orderitems/2/issue/": json(200, answer({ issued_quantity: 10 })),
    });
    await screen.findByText("マイク");
    await user.click(await progress(m.issuedOf(8, 10), m.issueSome));
    const dialog = await screen.findByRole("dialog", { name: m.issueTitle("マイク") });
    expect(within(dialog).getByRole("spinbutton", { name: m.quantityLabel })).toHaveValue("2");
    await user.click(within(dialog).getByRole("button", { name: m.submitIssue }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const posted = requests.filter((r) => route(r) === "POST /api/orderitems/2/issue/");
    expect(await posted[0]!.clone().json()).toEqual({ quantity: 2 });
    expect(await progress(m.issuedOf(10, 10), m.issueSome)).toBeInTheDocument();
  });

  it("receives a chosen quantity, refused above what is out (the server's text in the dialog)", async () => {
    const { user } = setup({
      "POST /api/orderitems/2/receive/": json(409, { error: m.overReceive(8) }),
    });
    await screen.findByText("マイク");
    await user.click(await progress(m.receivedOf(0, 10), m.receiveSome));
    const dialog = await screen.findByRole("dialog", { name: m.receiveTitle("マイク") });
    expect(within(dialog).getByText(m.remaining(8))).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: m.submitReceive }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(m.overReceive(8));
  });

  it("shows another screen's movement live (orderitems.upserted carries the sums)", async () => {
    setup();
    await screen.findByText("マイク");
    serverEmit("orderitems.upserted", { seq: 1, order_item: answer({ version: 3, received_quantity: 5 }) });
    expect(await progress(m.receivedOf(5, 10), m.receiveSome)).toBeInTheDocument();
  });
});
