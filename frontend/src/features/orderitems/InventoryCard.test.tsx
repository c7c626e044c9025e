import { screen, waitFor } from "@testing-library/react";
import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { useState } from "react";
import type { SummaryRowDto } from "../../lib/allocation";
import { renderPage } from "../../test/render";
import { InventoryCard } from "./InventoryCard";

const t = ja.orderitems;

const row = (id: number, name: string, category: string, category_id: number): SummaryRowDto => ({
  id,
  name,
  category,
  category_id,
  stock_quantity: 5,
  shippable_quantity: 5,
});
const rows = [row(11, "スピーカー", "音響", 1), row(13, "LEDライト", "照明", 2)];
const sound = { id: 1, category: "音響", group: 7, version: 1 } as CategoryDto;
const lighting = { id: 2, category: "照明", group: 7, version: 1 } as CategoryDto;

const NONE_BUSY: ReadonlySet<number> = new Set();
const NONE_PENDING: ReadonlyMap<number, number> = new Map();

/** The card with a button that deletes 照明, as a colleague's deletion reaches the case screen. */
function Card() {
  const [categories, setCategories] = useState([sound, lighting]);
  return (
    <>
      <button type="button" onClick={() => setCategories([sound])}>
        照明を削除
      </button>
      <InventoryCard
        rows={rows}
        categories={categories}
        loading={false}
        itemDayPath={null}
        busy={NONE_BUSY}
        pending={NONE_PENDING}
        onAdd={() => {}}
      />
    </>
  );
}

describe("在庫アイテム検索's category filter", () => {
  it("shows the whole stock again, and says so, when the chosen category is deleted", async () => {
    const { user } = renderPage(<Card />);
    const filter = screen.getByRole("combobox", { name: t.categoryFilter });
    await user.selectOptions(filter, "照明");
    await waitFor(() => expect(screen.queryByText("スピーカー")).not.toBeInTheDocument());
    expect(screen.getByText("LEDライト")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "照明を削除" }));
    expect(filter).toHaveDisplayValue(t.noFilter);
    expect(screen.getByText("スピーカー")).toBeInTheDocument();
    expect(screen.getByText("LEDライト")).toBeInTheDocument();
  });
});
