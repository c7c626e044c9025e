import { screen, waitFor, within } from "@testing-library/react";
import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { expectAlertDialog, expectNoAlertDialog } from "../../test/alerts";
import { serverEmit as emit, resetFakeSocket } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { speakerShortCases } from "../../test/shortCases";
import { CategoryListPage } from "./CategoryListPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const cat = (id: number, category: string, version = 1): CategoryDto => ({
  id,
  category,
  group: 7,
  version,
  turnaround_before_minutes: 0,
  turnaround_after_minutes: 0,
});
const categories = [cat(1, "映像機器"), cat(2, "音響機器"), cat(3, "照明")];

function setup(extra: Parameters<typeof routes>[0] = {}) {
  const net = stubFetch(routes({ "GET /api/categories/": json(200, categories), ...extra }));
  const view = renderPage(<CategoryListPage />, { at: "/category", session: ownerSession });
  return { ...view, ...net };
}

const rowOf = (name: string) => screen.getByRole("cell", { name }).closest("tr") as HTMLElement;
const names = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);

/** A dialog once its opening animation is over (PrimeReact moves focus into it at that moment). */
async function openedDialog(name?: string) {
  const dialog = name ? await screen.findByRole("dialog", { name }) : await screen.findByRole("dialog");
  await waitFor(() => expect(dialog).toHaveClass("p-dialog-enter-done"));
  return dialog;
}

beforeEach(() => {
  jest.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("CategoryListPage", () => {
  it("lists the group's categories sorted by name ascending and filters with カテゴリ検索", async () => {
    const { user, requests } = setup();
    await screen.findByText("映像機器");
    expect(screen.getByRole("heading", { name: ja.pages.category })).toBeInTheDocument();
    expect(new URL(requests[0]!.url).search).toBe("?groupid=7");
    expect(names()).toEqual([...categories.map((c) => c.category)].sort(new Intl.Collator("ja").compare));
    expect(screen.getByRole("columnheader", { name: ja.categoryList.column })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );

    await user.type(screen.getByRole("searchbox", { name: ja.categoryList.search }), "音響");
    expect(names()).toEqual(["音響機器"]);
  });

  it("creates a category: カテゴリ名は必須です while empty, save disabled, then POST with the group", async () => {
    const created = cat(4, "電源");
    const { user, requests } = setup({ "POST /api/categories/": json(201, created) });
    await screen.findByText("映像機器");
    await user.click(screen.getByRole("button", { name: ja.categoryList.create }));

    const dialog = await openedDialog();
    expect(within(dialog).getByText(ja.categoryList.createTitle)).toBeInTheDocument();
    const save = within(dialog).getByRole("button", { name: ja.categoryList.save });
    expect(save).toBeDisabled();
    const field = within(dialog).getByLabelText(ja.categoryList.name);
    await user.click(field);
    await user.tab();
    expect(within(dialog).getByText(ja.validation.categoryRequired)).toBeInTheDocument();

    await user.type(field, "  電源 ");
    expect(within(dialog).queryByText(ja.validation.categoryRequired)).not.toBeInTheDocument();
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("cell", { name: "電源" })).toBeInTheDocument();
    const post = requests.find((r) => route(r) === "POST /api/categories/");
    expect(await post?.json()).toEqual({ category: "電源", group: 7 });
  });

  it("starts empty again after キャンセル", async () => {
    const { user } = setup();
    await screen.findByText("映像機器");
    await user.click(screen.getByRole("button", { name: ja.categoryList.create }));
    let dialog = await openedDialog();
    await user.type(within(dialog).getByLabelText(ja.categoryList.name), "途中");
    await user.click(within(dialog).getByRole("button", { name: ja.common.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: ja.categoryList.create }));
    dialog = await openedDialog();
    expect(within(dialog).getByLabelText(ja.categoryList.name)).toHaveValue("");
    expect(within(dialog).queryByText(ja.validation.categoryRequired)).not.toBeInTheDocument();
  });

  it("shows the server's field message in the dialog (a taken name)", async () => {
    const { user } = setup({
      "POST /api/categories/": json(400, { category: [ja.catalogue.categoryNameTaken] }),
    });
    await screen.findByText("映像機器");
    await user.click(screen.getByRole("button", { name: ja.categoryList.create }));
    const dialog = await openedDialog();
    await user.type(within(dialog).getByLabelText(ja.categoryList.name), "照明");
    await user.click(within(dialog).getByRole("button", { name: ja.categoryList.save }));
    expect(await within(dialog).findByText(ja.catalogue.categoryNameTaken)).toBeInTheDocument();
    expectNoAlertDialog();
  });

  it("edits a category prefilled with its name (PUT with groupid) and alerts アイテム編集に失敗しました。 on failure", async () => {
    let fail = true;
    const { user, requests } = setup({
      "PUT /api/categories/3/": () => (fail ? json(500, {}) : json(200, cat(3, "照明機材", 2))),
    });
    await screen.findByText("照明");
    await user.click(within(rowOf("照明")).getByRole("button", { name: /編集/ }));
    const dialog = await openedDialog();
    expect(within(dialog).getByText(ja.categoryList.editTitle)).toBeInTheDocument();
    const field = within(dialog).getByLabelText(ja.categoryList.name);
    expect(field).toHaveValue("照明");
    await user.clear(field);
    expect(within(dialog).getByRole("button", { name: ja.categoryList.update })).toBeDisabled();
    expect(within(dialog).getByText(ja.validation.categoryRequired)).toBeInTheDocument();
    await user.type(field, "照明機材");

    await user.click(within(dialog).getByRole("button", { name: ja.categoryList.update }));
    await expectAlertDialog(ja.catalogue.categoryEditFailed);
    fail = false;
    await user.click(within(dialog).getByRole("button", { name: ja.categoryList.update }));
    expect(await screen.findByRole("cell", { name: "照明機材" })).toBeInTheDocument();
    const put = requests.filter((r) => route(r) === "PUT /api/categories/3/").at(-1);
    expect(new URL(put!.url).search).toBe("?groupid=7");
    expect(await put?.json()).toEqual({ id: 3, category: "照明機材", group: 7 });
  });

  it("names the cases a refused longer turnaround would leave short, linked to their 案件詳細", async () => {
    const { user } = setup({
      "PUT /api/categories/2/": json(409, {
        error: ja.turnaround.raisedShort,
        shortages: [{ item_id: 2, title: "スピーカー", required: 5, available: 3 }],
        short_cases: speakerShortCases,
      }),
    });
    await screen.findByText("音響機器");
    await user.click(within(rowOf("音響機器")).getByRole("button", { name: /編集/ }));
    const dialog = await openedDialog();
    const after = within(dialog).getByLabelText(ja.turnaround.afterLabel);
    await user.clear(after);
    await user.type(after, "2");
    await user.click(within(dialog).getByRole("button", { name: ja.categoryList.update }));

    expect(await within(dialog).findByText(ja.turnaround.raisedShort)).toBeInTheDocument();
    expect(
      within(dialog).getByText(ja.shortCases.caption("スピーカー", "2030年12月03日 09:00")),
    ).toBeInTheDocument();
    const named = within(within(dialog).getByRole("list", { name: ja.shortCases.listLabel("スピーカー") }));
    expect(named.getByRole("link", { name: "夏祭り" })).toHaveAttribute("href", "/orderitems/41");
    expect(named.getByRole("link", { name: "前夜祭" })).toHaveAttribute("href", "/orderitems/42");
    expectNoAlertDialog();
  });

  it("loads the related items first and lists them under the red warning, then deletes", async () => {
    const { user, requests } = setup({
      "GET /api/items/": json(200, [
        { id: 10, title: "プロジェクター" },
        { id: 11, title: "スクリーン" },
      ]),
      "DELETE /api/categories/1/": json(204, null),
    });
    await screen.findByText("映像機器");
    await user.click(within(rowOf("映像機器")).getByRole("button", { name: /削除/ }));

    const dialog = await openedDialog();
    expect(within(dialog).getByText(ja.catalogue.categoryDeleteConfirm)).toBeInTheDocument();
    expect(within(dialog).getByText(ja.catalogue.categoryDeleteWarning)).toHaveClass("related-warning");
    const list = within(dialog).getByRole("list");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["プロジェクター", "スクリーン"]);
    const related = requests.find((r) => route(r) === "GET /api/items/");
    expect(new URL(related!.url).searchParams.get("category")).toBe("1");

    await user.click(within(dialog).getByRole("button", { name: ja.categoryList.delete }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "映像機器" })).not.toBeInTheDocument());
    const deletion = requests.find((r) => route(r) === "DELETE /api/categories/1/");
    expect(new URL(deletion!.url).search).toBe("?groupid=7");
  });

  it("says 関連アイテムはありません。 when the category has no items", async () => {
    const { user } = setup({ "GET /api/items/": json(200, []) });
    await screen.findByText("照明");
    await user.click(within(rowOf("照明")).getByRole("button", { name: /削除/ }));
    const dialog = await openedDialog();
    expect(within(dialog).getByText(ja.catalogue.noRelatedItems)).toBeInTheDocument();
    expect(within(dialog).queryByRole("list")).not.toBeInTheDocument();
    // Nothing goes with the category: no red warning that items will be deleted.
    expect(within(dialog).queryByText(ja.catalogue.categoryDeleteWarning)).not.toBeInTheDocument();
  });

  it("does not open the confirmation when the related items cannot be loaded", async () => {
    const { user } = setup({ "GET /api/items/": json(500, {}) });
    await screen.findByText("照明");
    await user.click(within(rowOf("照明")).getByRole("button", { name: /削除/ }));
    await expectAlertDialog(ja.catalogue.relatedItemsFailed);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("alerts アイテム削除に失敗しました。 when the delete fails and keeps the row", async () => {
    const { user } = setup({ "GET /api/items/": json(200, []), "DELETE /api/categories/3/": json(500, {}) });
    await screen.findByText("照明");
    await user.click(within(rowOf("照明")).getByRole("button", { name: /削除/ }));
    const dialog = await openedDialog();
    await user.click(within(dialog).getByRole("button", { name: ja.categoryList.delete }));
    await expectAlertDialog(ja.catalogue.categoryDeleteFailed);
    expect(screen.getByRole("cell", { name: "照明" })).toBeInTheDocument();
  });

  it("alerts when the list cannot be loaded", async () => {
    stubFetch(() => json(500, {}));
    renderPage(<CategoryListPage />, { at: "/category", session: ownerSession });
    await expectAlertDialog(ja.catalogue.categoryFetchFailed);
  });

  it("applies categories.upserted and categories.deleted events without reloading", async () => {
    const { requests } = setup();
    await screen.findByText("映像機器");
    emit("categories.upserted", { seq: 1, category: cat(9, "ケーブル") });
    expect(await screen.findByRole("cell", { name: "ケーブル" })).toBeInTheDocument();
    emit("categories.upserted", { seq: 2, category: cat(2, "音響", 3) });
    expect(await screen.findByRole("cell", { name: "音響" })).toBeInTheDocument();
    emit("categories.upserted", {
      seq: 3,
      category: { id: 50, category: "他グループ", group: 8, version: 1 },
    });
    emit("categories.deleted", { seq: 4, id: 1 });
    await waitFor(() => expect(screen.queryByRole("cell", { name: "映像機器" })).not.toBeInTheDocument());
    expect(screen.queryByText("他グループ")).not.toBeInTheDocument();
    // Another app process delivers, late, an older rename of 2 and a rename of 1 committed before its delete.
    emit("categories.upserted", { seq: 5, category: cat(2, "音響機器（旧）", 2) });
    emit("categories.upserted", { seq: 6, category: cat(1, "映像", 2) });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByRole("cell", { name: "音響" })).toBeInTheDocument();
    expect(screen.queryByText("音響機器（旧）")).not.toBeInTheDocument();
    expect(screen.queryByText("映像")).not.toBeInTheDocument();
    expect(requests.map(route)).toEqual(["GET /api/categories/"]);
  });
});
