import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { UnitDto } from "@zaiko/common/units/units.schema";
import type { OrderItemDto } from "../../lib/allocation";
import { resetFakeSocket } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { unitDto } from "../../test/units";
import { workCaseDto } from "../../test/workCases";
import { OrderItemsListPage } from "./OrderItemsListPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.orderitems;
const m = ja.movements;
const U = ja.units;
const workcase = workCaseDto();

const mic: OrderItemDto = {
  id: 1,
  version: 1,
  items: { id: 11, title: "マイク", category_name: "音響", unit_tracked: true },
  work_case: 5,
  order_quantity: 2,
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

const unit = (id: number, over: Partial<UnitDto> = {}) =>
  unitDto(id, { item: 11, item_title: "マイク", ...over });

const needsUnits = json(409, { error: U.unitsRequired });

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const units = [unit(1), unit(2)];
  const net = stubFetch(
    routes({
      "GET /api/workcases/5/": json(200, workcase),
      "GET /api/orderitems/": json(200, [mic]),
      "GET /api/orderitems/1/movements/": json(200, []),
      "GET /api/units/": json(200, units),
      "GET /api/units/lookup/": (request) => {
        const tag = new URL(request.url).searchParams.get("tag");
        const found = units.find((u) => u.tag === tag);
        return found ? json(200, found) : json(404, { detail: U.unknownTag(tag ?? "") });
      },
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

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("a tracked line on the shipped item list (docs/units.md)", () => {
  it("出庫 refused for want of units opens the unit scan, which issues the units read", async () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { user, requests } = setup({
      "PATCH /api/orderitems/1/": needsUnits,
      "POST /api/orderitems/1/issue/": json(200, {
        ...mic,
        version: 2,
        issued_quantity: 1,
        issue: "2026-11-20T08:00:00+09:00",
      }),
    });
    await screen.findByText("マイク");
    await user.click(within(rowOf("マイク")).getByRole("button", { name: `${t.issue}: マイク` }));
    const dialog = await screen.findByRole("dialog", { name: U.scanIssueTitle("マイク") });
    // No notice with the refusal: the scan is the answer to it.
    expect(screen.queryByText(U.unitsRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByText(`${U.scanned}（${U.scannedCount(0, 2)}）`)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(U.scanInput), "MIC-0002{Enter}");
    await user.click(await within(dialog).findByRole("button", { name: U.submitIssue(1) }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const posted = requests.filter((r) => route(r) === "POST /api/orderitems/1/issue/");
    expect(await posted[0]!.clone().json()).toEqual({ quantity: 1, units: [2] });
    expect(
      await within(rowOf("マイク")).findByRole("button", {
        name: `マイク：${m.issuedOf(1, 2)}（${m.issueSome}）`,
      }),
    ).toBeInTheDocument();
  });

  it("a receive by count opens the scan of the units out on the line", async () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const out = { order_item: 1, work_case: 5, work_case_title: workcase.title };
    const { user } = setup({
      "GET /api/orderitems/": json(200, [{ ...mic, issued_quantity: 2, issue: "2026-11-20T08:00:00+09:00" }]),
      "GET /api/units/": json(200, [unit(1, { status: "out", out }), unit(2, { status: "out", out })]),
      "POST /api/orderitems/1/receive/": needsUnits,
    });
    await screen.findByText("マイク");
    await user.click(
      await within(rowOf("マイク")).findByRole("button", {
        name: `マイク：${m.receivedOf(0, 2)}（${m.receiveSome}）`,
      }),
    );
    const quantity = await screen.findByRole("dialog", { name: m.receiveTitle("マイク") });
    await user.click(within(quantity).getByRole("button", { name: m.submitReceive }));
    const dialog = await screen.findByRole("dialog", { name: U.scanReceiveTitle("マイク") });
    // 一覧から選ぶ offers the two units out on this line.
    await user.click(within(dialog).getByText(U.pick));
    expect(await within(dialog).findByRole("button", { name: "MIC-0001" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "MIC-0002" })).toBeInTheDocument();
  });
});
