import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { OutageDto } from "@zaiko/common/orderitems/outages.schema";
import { resetFakeSocket } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { renderPage, staffSession } from "../../test/render";
import { ItemOutages } from "./ItemOutages";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.outages;

const outage = (id: number, extra: Partial<OutageDto> = {}): OutageDto => ({
  id,
  order_item: 40,
  item: 11,
  work_case: 5,
  work_case_title: "市民祭り",
  kind: "lost",
  quantity: 1,
  at: "2030-05-10T21:00:00+09:00",
  member: 2,
  member_name: "倉庫 太郎",
  repair_due: null,
  resolved_at: null,
  resolved_by: null,
  resolved_by_name: null,
  sub_rental: null,
  supplier_name: null,
  ...extra,
});

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

/**
 * The item detail's 紛失・故障 list (docs/lifecycle.md) with a report of hired units (外部手配, docs/subrental.md):
 * marked with its supplier, with the same 発見 / 修理完了 button, and not counted out of the item's own stock.
 */
describe("ItemOutages", () => {
  it("marks a hired report 外部手配：{取引先}, leaves it out of the own count, and finds it like an own one", async () => {
    const own = outage(1);
    const hired = outage(2, {
      kind: "broken",
      repair_due: "2030-05-20T09:00:00+09:00",
      sub_rental: 9,
      supplier_name: "東京機材",
    });
    const net = stubFetch(
      routes({
        "GET /api/items/11/outages/": json(200, [own, hired]),
        "POST /api/outages/2/resolve/": json(200, { ...hired, resolved_at: "2030-05-12T10:00:00+09:00" }),
      }),
    );
    const { user } = renderPage(<ItemOutages itemId={11} stock={3} />, { session: staffSession });
    const rows = await screen.findAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).not.toHaveTextContent("外部手配");
    expect(rows[1]).toHaveTextContent(ja.subrentals.packLine("東京機材"));
    expect(rows[1]).toHaveTextContent(t.line(t.brokenKind, 1, "市民祭り"));
    // Only the own unit is out of the item's stock: the hired one lowers its hire.
    expect(screen.getByTestId("item-out-of-service")).toHaveTextContent("1");
    expect(screen.getByTestId("item-available-now")).toHaveTextContent("2");

    const button = within(rows[1] as HTMLElement).getByRole("button", {
      name: `${t.repairedLabel(t.brokenKind, 1, "市民祭り")}・${ja.subrentals.packLine("東京機材")}`,
    });
    expect(button).toHaveTextContent(t.repaired);
    await user.click(button);
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(1));
    expect(net.requests.filter((r) => route(r) === "POST /api/outages/2/resolve/")).toHaveLength(1);
    expect(screen.getByRole("button", { name: t.foundLabel(t.lostKind, 1, "市民祭り") })).toBeInTheDocument();
  });
});
