import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ja } from "@zaiko/common/messages/ja";
import { DataTable, type DataTableColumn, dataTableColumnHelper } from "./index";

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `機材${String(i + 1).padStart(2, "0")}`,
}));
const helper = dataTableColumnHelper<Row>();
const columns = helper.columns([
  helper.accessor("name", { id: "name", header: "名前" }),
]) as DataTableColumn<Row>[];

describe("表示アイテム数 under a table (a native select)", () => {
  it("shows 10 rows first, then as many as chosen, from the first page", async () => {
    const user = userEvent.setup();
    render(<DataTable label="機材" data={rows} columns={columns} getRowId={(r) => String(r.id)} />);
    const table = within(screen.getByRole("region", { name: "機材" })).getByRole("table");
    const bodyRows = () => within(table).getAllByRole("row").length - 1;
    expect(bodyRows()).toBe(10);
    const size = screen.getByRole("combobox", { name: ja.table.pageSize });
    expect(
      within(size)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["10", "25", "50", "100", ja.table.all]);

    await user.click(screen.getByRole("button", { name: ja.pager.next }));
    expect(screen.getByText(ja.pager.report(2, 3, 30))).toBeInTheDocument();
    await user.selectOptions(size, "25");
    expect(bodyRows()).toBe(25);
    expect(screen.getByText(ja.pager.report(1, 2, 30))).toBeInTheDocument();
    await user.selectOptions(size, ja.table.all);
    expect(bodyRows()).toBe(30);
    expect(size).toHaveDisplayValue(ja.table.all);
  });
});
