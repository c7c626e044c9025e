import { describeInBrowser, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import {
  collectBrowserDialogs,
  expectNoPageOverflow,
  login,
  post,
  request,
  rowOf,
  signUpOwner,
  tokenFor,
} from "./journeyHelpers";

/** Issue 21 point 4: a case that does not exist, or is deleted while someone has it open. */
const OWNER = { email: "gone@example.com", group: "小樽イベント機材", first: "四郎", last: "札幌" };

async function seedCase(url: string, token: string, groupId: number, title: string, itemId: number) {
  const created = await post(
    url,
    "/api/workcases/",
    {
      title,
      start_date: "2027-02-01T09:00:00+09:00",
      end_date: "2027-02-03T18:00:00+09:00",
      note: "",
      group: groupId,
    },
    token,
  );
  expect(created.status).toBe(201);
  const caseId = created.body.id as number;
  expect((await post(url, `/api/additem/${itemId}/${caseId}/`, undefined, token)).status).toBe(200);
  return caseId;
}

async function deleteCase(url: string, token: string, caseId: number, groupId: number) {
  const res = await request(url, "DELETE", `/api/workcases/${caseId}/?groupid=${groupId}`, undefined, token);
  expect(res.status).toBe(204);
}

jest.setTimeout(180_000);

describeInBrowser("case not found / deleted journey", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 10_000 });
  const { newPage } = suite;
  let token: string;
  let groupId: number;
  let itemId: number;

  beforeAll(async () => {
    ({ groupId } = await signUpOwner(suite.app.url, OWNER));
    token = await tokenFor(suite.app.url, OWNER.email);
    const category = await post(
      suite.app.url,
      "/api/categories/",
      { category: "音響", group: groupId },
      token,
    );
    const item = await post(
      suite.app.url,
      "/api/items/",
      { title: "スピーカー", category: category.body.id, stock_quantity: 4, note: "", group: groupId },
      token,
    );
    itemId = item.body.id as number;
  }, 90_000);

  for (const [name, viewport] of [
    ["desktop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    it(`a missing case shows one not-found state with a way back, no browser pop-up (${name})`, async () => {
      const page = await newPage(viewport);
      const popups = collectBrowserDialogs(page);
      await login(page, OWNER.email);
      for (const path of ["/orderitems/9999", "/orderitemslist/9999"]) {
        await page.goto(path);
        const state = page.getByRole("alert").filter({ hasText: "案件が見つかりません" });
        await state.waitFor();
        await state.getByText("この案件は存在しないか、削除されています。").waitFor();
        await screenshot(page, `case-not-found-${path.split("/")[1]}-${name}`);
        if (name === "phone") await expectNoPageOverflow(page);
        await state.getByRole("link", { name: "案件一覧へ戻る" }).click();
        await page.waitForURL("**/workcase");
        await page.getByRole("heading", { name: "案件一覧" }).waitFor();
      }
      expect(popups).toEqual([]);
    });
  }

  it("the open case screens say so at once when the case is deleted elsewhere (1366 and 390 px)", async () => {
    const detail = await newPage(LAPTOP);
    const list = await newPage(PHONE);
    const popups = [...collectBrowserDialogs(detail), ...collectBrowserDialogs(list)];
    const caseId = await seedCase(suite.app.url, token, groupId, "消える案件", itemId);
    await login(detail, OWNER.email);
    await login(list, OWNER.email);
    await detail.goto(`/orderitems/${caseId}`);
    await rowOf(detail, "スピーカー").first().waitFor();
    await list.goto(`/orderitemslist/${caseId}`);
    await rowOf(list, "スピーカー").first().waitFor();

    await deleteCase(suite.app.url, token, caseId, groupId);

    for (const [page, name] of [
      [detail, "case-deleted-live-desktop"],
      [list, "case-deleted-live-phone"],
    ] as const) {
      const state = page.getByRole("alert").filter({ hasText: "この案件は削除されました。" });
      await state.waitFor();
      // The + / 出庫 buttons of a case that is gone are not offered any more.
      expect(await page.getByRole("button", { name: "スピーカーを1つ追加" }).count()).toBe(0);
      await screenshot(page, name);
      await state.getByRole("link", { name: "案件一覧へ戻る" }).waitFor();
    }
    expect(popups).toEqual([]);
  });
});
