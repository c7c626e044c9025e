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

const issuedAt = "2026-11-20T08:00:00+09:00";
const out = { order_item: 1, work_case: 5, work_case_title: workcase.title };
/** The line with MIC-0001 and MIC-0002 out (both units booked). */
const micOut: OrderItemDto = {
  ...mic,
  version: 2,
  issue: issuedAt,
  issued_quantity: 2,
  units_out: [
    { id: 1, tag: "MIC-0001" },
    { id: 2, tag: "MIC-0002" },
  ],
};
const writes = (requests: Request[]) => requests.filter((r) => r.method !== "GET").map(route);

describe("a tracked line on the shipped item list (docs/units.md)", () => {
  it("出庫 opens the unit scan at once (no request first), which issues the units read; the row lists them", async () => {
    const { user, requests } = setup({
      "POST /api/orderitems/1/issue/": json(200, {
        ...mic,
        version: 2,
        issued_quantity: 1,
        issue: issuedAt,
        units_out: [{ id: 2, tag: "MIC-0002" }],
      }),
    });
    await screen.findByText("マイク");
    await user.click(within(rowOf("マイク")).getByRole("button", { name: `${t.issue}: マイク` }));
    const dialog = await screen.findByRole("dialog", { name: U.scanIssueTitle("マイク") });
    expect(writes(requests)).toEqual([]);
    expect(within(dialog).getByText(`${U.scanned}（${U.scannedCount(0, 2)}）`)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(U.scanInput), "MIC-0002{Enter}");
    await user.click(await within(dialog).findByRole("button", { name: U.submitIssue(1) }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(writes(requests)).toEqual(["POST /api/orderitems/1/issue/"]);
    const posted = requests.filter((r) => route(r) === "POST /api/orderitems/1/issue/");
    expect(await posted[0]!.clone().json()).toEqual({ quantity: 1, units: [2] });
    expect(
      await within(rowOf("マイク")).findByRole("button", {
        name: `マイク：${m.issuedOf(1, 2)}（${m.issueSome}）`,
      }),
    ).toBeInTheDocument();
    expect(within(rowOf("マイク")).getByText(U.unitsOutLabel).parentElement).toHaveTextContent(
      `${U.unitsOutLabel}MIC-0002`,
    );
  });

  it("lists the units out on the row (出庫中：MIC-0001、MIC-0002); a count line lists none", async () => {
    setup({
      "GET /api/orderitems/": json(200, [
        micOut,
        {
          ...mic,
          id: 2,
          items: { id: 12, title: "スピーカー", category_name: "音響", unit_tracked: false },
          issue: issuedAt,
          issued_quantity: 2,
        },
      ]),
    });
    await screen.findByText("マイク");
    expect(within(rowOf("マイク")).getByText(U.unitsOutLabel).parentElement).toHaveTextContent(
      `${U.unitsOutLabel}MIC-0001${U.tagSeparator}MIC-0002`,
    );
    expect(within(rowOf("スピーカー")).queryByText(U.unitsOutLabel)).not.toBeInTheDocument();
  });

  it("入庫 opens the scan of the units out on the line (no request first); 出庫解除 stays the toggle", async () => {
    const { user, requests } = setup({
      "GET /api/orderitems/": json(200, [micOut]),
      "GET /api/units/": json(200, [unit(1, { status: "out", out }), unit(2, { status: "out", out })]),
      "PATCH /api/orderitems/1/": json(200, { ...mic, version: 3 }),
    });
    await screen.findByText("マイク");
    await user.click(within(rowOf("マイク")).getByRole("button", { name: `${t.receive}: マイク` }));
    const dialog = await screen.findByRole("dialog", { name: U.scanReceiveTitle("マイク") });
    expect(writes(requests)).toEqual([]);
    // 一覧から選ぶ offers the two units out on this line.
    await user.click(within(dialog).getByText(U.pick));
    expect(await within(dialog).findByRole("button", { name: "MIC-0001" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "MIC-0002" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: U.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // 出庫解除 needs no names: the spec's PATCH, as for a count line.
    await user.click(within(rowOf("マイク")).getByRole("button", { name: `${t.unissue}: マイク` }));
    await waitFor(() => expect(writes(requests)).toEqual(["PATCH /api/orderitems/1/"]));
    await waitFor(() => expect(within(rowOf("マイク")).queryByText(U.unitsOutLabel)).not.toBeInTheDocument());
  });

  it("the quantity dialog's 出庫 opens the scan for the number typed, without sending the count", async () => {
    const { user, requests } = setup();
    await screen.findByText("マイク");
    await user.click(
      within(rowOf("マイク")).getByRole("button", { name: `マイク：${m.issuedOf(0, 2)}（${m.issueSome}）` }),
    );
    const quantity = await screen.findByRole("dialog", { name: m.issueTitle("マイク") });
    const input = within(quantity).getByRole("spinbutton", { name: m.quantityLabel });
    await user.clear(input);
    await user.type(input, "1");
    await user.click(within(quantity).getByRole("button", { name: m.submitIssue }));
    const dialog = await screen.findByRole("dialog", { name: U.scanIssueTitle("マイク") });
    expect(within(dialog).getByText(`${U.scanned}（${U.scannedCount(0, 1)}）`)).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it("a row older than the item's tracking: the server's refusal of the count opens the scan instead of a notice", async () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = setup({
      "GET /api/orderitems/": json(200, [{ ...mic, items: { ...mic.items, unit_tracked: false } }]),
      "PATCH /api/orderitems/1/": needsUnits,
    });
    await screen.findByText("マイク");
    await user.click(within(rowOf("マイク")).getByRole("button", { name: `${t.issue}: マイク` }));
    expect(await screen.findByRole("dialog", { name: U.scanIssueTitle("マイク") })).toBeInTheDocument();
    expect(screen.queryByText(U.unitsRequired)).not.toBeInTheDocument();
  });
});
