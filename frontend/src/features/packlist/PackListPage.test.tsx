import { screen, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { json, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { PackListPage } from "./PackListPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.packlist;
const workcase = {
  id: 5,
  title: "秋の新製品発表会",
  start_date: "2030-04-10T09:00:00+09:00",
  end_date: "2030-04-12T09:00:00+09:00",
  note: "搬入口は北側",
} as WorkCaseDto;
const line = (id: number, title: string, category: string, order_quantity: number) =>
  ({ id, items: { id: id + 100, title, category_name: category }, category, order_quantity }) as OrderItemDto;

const at = "/workcase/5/packlist";
const path = "/workcase/:caseId/packlist";

afterEach(() => jest.restoreAllMocks());

describe("PackListPage", () => {
  it("prints the case and its items by category then name, each with an empty tick box, and the totals", async () => {
    stubFetch(
      routes({
        "GET /api/workcases/5/": json(200, workcase),
        "GET /api/orderitems/": json(200, [
          line(1, "三脚スタンド", "照明", 1),
          line(2, "ワイヤレスマイク", "音響", 3),
          line(3, "LEDスポットライト", "照明", 2),
        ]),
      }),
    );
    renderPage(<PackListPage />, { at, path, session: ownerSession });
    const table = await screen.findByRole("table", { name: t.title });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) =>
        within(row)
          .queryAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ["", "音響", "ワイヤレスマイク", "3"],
      ["", "照明", "LEDスポットライト", "2"],
      ["", "照明", "三脚スタンド", "1"],
      [t.total(3, 6)],
    ]);
    expect(screen.getByText(workcase.title)).toBeInTheDocument();
    expect(screen.getByText(workcase.note)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: t.back })).toHaveAttribute("href", "/orderitems/5");
  });

  it("shows the not-found notice for a case the server answers 404 (another group's or a missing one)", async () => {
    stubFetch(
      routes({
        "GET /api/workcases/5/": json(404, { detail: ja.errors.notFound }),
        "GET /api/orderitems/": json(404, { detail: ja.errors.notFound }),
      }),
    );
    renderPage(<PackListPage />, { at, path, session: ownerSession });
    expect(await screen.findByRole("heading", { name: ja.feedback.caseNotFoundTitle })).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
