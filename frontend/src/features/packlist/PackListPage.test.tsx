import { screen, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { CaseSetLineDto } from "@zaiko/common/sets/sets.schema";
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

/** The printed cells of every body and foot row. */
async function printedRows(): Promise<(string | null)[][]> {
  const table = await screen.findByRole("table", { name: t.title });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole("cell")
        .map((cell) => cell.textContent),
    );
}

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

  it("prints each set line with its parts under it, then only what was booked alone, the totals unchanged", async () => {
    // order items: speaker 5 (2 sets × 2 + 1 alone), mixer 2 (2 sets × 1), mic 4 (1 set × 4), cable 3 alone
    const setLine = (id: number, title: string, quantity: number, parts: [number, string, number][]) =>
      ({
        id,
        work_case: 5,
        set: id + 50,
        title,
        quantity,
        parts: parts.map(([item, partTitle, perSet]) => ({ item, title: partTitle, quantity: perSet })),
        changed: false,
        version: 1,
      }) as CaseSetLineDto;
    stubFetch(
      routes({
        "GET /api/workcases/5/": json(200, workcase),
        "GET /api/orderitems/": json(200, [
          line(1, "スピーカー", "音響", 5),
          line(2, "ミキサー", "音響", 2),
          line(3, "ワイヤレスマイク", "音響", 4),
          line(4, "XLRケーブル", "ケーブル", 3),
        ]),
        "GET /api/setlines/": json(200, [
          setLine(7, "PAセット", 2, [
            [102, "ミキサー", 1],
            [101, "スピーカー", 2],
          ]),
          setLine(8, "マイクセット", 1, [[103, "ワイヤレスマイク", 4]]),
        ]),
      }),
    );
    renderPage(<PackListPage />, { at, path, session: ownerSession });
    const box = "";
    expect(await printedRows()).toEqual([
      ["", t.setCategory, "PAセット", t.sets(2)],
      [box, "音響", `スピーカー${t.perSet(2)}`, "4"],
      [box, "音響", `ミキサー${t.perSet(1)}`, "2"],
      ["", t.setCategory, "マイクセット", t.sets(1)],
      [box, "音響", `ワイヤレスマイク${t.perSet(4)}`, "4"],
      [box, "ケーブル", "XLRケーブル", "3"],
      [box, "音響", "スピーカー", "1"],
      // 4 items, 14 units: the order items' quantities, each printed once
      [t.total(4, 14)],
    ]);
    // Parts and items alone have a tick box; a set's heading row has none.
    const table = screen.getByRole("table", { name: t.title });
    const boxes = within(table)
      .getAllByRole("row")
      .map((row) => row.querySelector(".packlist-box") !== null);
    expect(boxes).toEqual([false, false, true, true, false, true, true, true, false]);
  });

  it("prints every unit ungrouped, under a notice, when the set lines cannot be read", async () => {
    stubFetch(
      routes({
        "GET /api/workcases/5/": json(200, workcase),
        "GET /api/orderitems/": json(200, [line(1, "スピーカー", "音響", 5)]),
        "GET /api/setlines/": json(500, { detail: "error" }),
      }),
    );
    renderPage(<PackListPage />, { at, path, session: ownerSession });
    expect(await printedRows()).toEqual([["", "音響", "スピーカー", "5"], [t.total(1, 5)]]);
    expect(screen.getByRole("alert")).toHaveTextContent(t.setsFetchFailed);
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
