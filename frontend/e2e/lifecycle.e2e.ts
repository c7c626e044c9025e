import type { Locator, Page } from "playwright-core";
import { DESKTOP, describeInBrowser, journeySteps, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { expectNoPageOverflow, fillDate, login, post, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "lifecycle@example.com", group: "横浜イベント機材", first: "健", last: "横浜" };

/**
 * An owner, 4 speakers, and a confirmed case 「B社イベント」 later in March that takes 2 of them (through the
 * API: its screens have their own journeys). The tentative case is pencilled in through the screen.
 */
async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const sound = await post(url, "/api/categories/", { category: "音響", group: groupId }, token);
  const speaker = await post(
    url,
    "/api/items/",
    { title: "スピーカー", category: sound.body.id, stock_quantity: 4, note: "", group: groupId },
    token,
  );
  expect(speaker.status).toBe(201);
  const b = await post(
    url,
    "/api/workcases/",
    {
      title: "B社イベント",
      start_date: "2027-03-20T09:00:00+09:00",
      end_date: "2027-03-21T18:00:00+09:00",
      note: "",
      group: groupId,
    },
    token,
  );
  expect(b.status).toBe(201);
  for (let i = 0; i < 2; i++) {
    expect((await post(url, `/api/additem/${speaker.body.id}/${b.body.id}/`, undefined, token)).status).toBe(
      200,
    );
  }
  return { groupId };
}

/** Moves 「B社イベント」 into the tentative case's days through the edit dialog and returns the dialog that answers. */
async function moveBIntoMarch10(page: Page) {
  await page.goto("/workcase");
  await rowOf(page, "B社イベント").getByRole("button", { name: "編集: B社イベント" }).click();
  const edit = page.getByRole("dialog", { name: "編集" });
  await fillDate(page, edit, "開始日時", "2027/03/11 09:00");
  await fillDate(page, edit, "終了日時", "2027/03/11 18:00");
  await edit.getByRole("button", { name: "編集を保存" }).click();
  return edit;
}

describeInBrowser("case lifecycle journey (仮押さえ / 本予約 / キャンセル)", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  const step = journeySteps();

  beforeAll(async () => {
    await seed(suite.app.url);
  }, 90_000);

  // The owner at a desktop (a), then on a phone (b): each step starts where the last ended.
  let a: Page;
  let b: Page;
  let rowA: Locator;
  let caseUrl: string;

  step("1. pencil in a case through the create form: 状態 仮押さえ needs a deadline", async () => {
    a = await suite.newPage(DESKTOP);
    await login(a, OWNER.email);
    await a.getByRole("heading", { name: "案件一覧" }).waitFor();
    await a.getByRole("button", { name: "新規登録" }).click();
    const form = a.getByRole("dialog", { name: "新規登録" });
    await form.getByLabel("案件名").fill("A社展示会");
    await fillDate(a, form, "開始日時", "2027/03/10 09:00");
    await fillDate(a, form, "終了日時", "2027/03/12 18:00");
    await form.getByLabel("仮押さえ", { exact: true }).check();
    // The deadline starts at 7 days from today at 18:00 (issue 36): 新規作成 is usable at once.
    expect(await form.getByLabel("仮押さえ期限", { exact: true }).inputValue()).toMatch(/ 18:00$/);
    expect(await form.getByRole("button", { name: "新規作成" }).isDisabled()).toBe(false);
    await fillDate(a, form, "仮押さえ期限", "2027/03/01 18:00");
    await screenshot(a, "lifecycle-form-desktop");
    await form.getByRole("button", { name: "新規作成" }).click();
    // The new case's 案件詳細 opens (issue 36); back to the list.
    await a.getByRole("heading", { name: "案件詳細：A社展示会" }).waitFor();
    await a.goto("/workcase");
    rowA = rowOf(a, "A社展示会");
    await rowA.getByText("仮押さえ", { exact: true }).waitFor();
    await rowA.getByText("期限 2027年03月01日 18:00・担当 横浜 健").waitFor();
    await rowOf(a, "B社イベント").getByText("本予約", { exact: true }).waitFor();
  });

  step("2. the status filter keeps the holds only", async () => {
    await a.locator(".case-status-filter .p-dropdown").click();
    await a.locator(".p-dropdown-panel").getByRole("option", { name: "仮押さえ", exact: true }).click();
    await rowA.waitFor();
    expect(await rowOf(a, "B社イベント").count()).toBe(0);
    await screenshot(a, "lifecycle-list-filtered-desktop");
    await a.locator(".case-status-filter .p-dropdown").click();
    await a.locator(".p-dropdown-panel").getByRole("option", { name: "すべての状態", exact: true }).click();
    await rowOf(a, "B社イベント").waitFor();
  });

  step("3. the hold takes 3 of the 4 speakers", async () => {
    await a.getByRole("link", { name: "A社展示会" }).click();
    await a.waitForURL(/\/orderitems\/\d+$/);
    caseUrl = new URL(a.url()).pathname;
    const inventory = a.locator("section.case-card").nth(1);
    const speaker = rowOf(inventory, "スピーカー");
    for (const left of ["3 / 4", "2 / 4", "1 / 4"]) {
      await speaker.getByRole("button", { name: "スピーカーを1つ追加" }).click();
      await speaker.getByText(left).waitFor();
    }
    await a.getByText("期限 2027年03月01日 18:00・担当 横浜 健").waitFor();
    await screenshot(a, "lifecycle-detail-desktop");
  });

  step("4. moving B (2 speakers) into those days is refused, naming the hold in the way", async () => {
    const edit = await moveBIntoMarch10(a);
    const refused = a.getByRole("dialog", { name: "変更不可" });
    await refused.getByText("変更後の期間で在庫不足です").waitFor();
    await refused.getByText("在庫を押さえている仮押さえ").waitFor();
    await refused.getByText("A社展示会：スピーカー 3個（期限 2027年03月01日 18:00・担当 横浜 健）").waitFor();
    await screenshot(a, "lifecycle-refused-desktop");
    await refused.locator(".p-dialog-footer").getByRole("button", { name: "閉じる" }).click();
    await edit.getByRole("button", { name: "キャンセル" }).click();
  });

  step("5. the week shows the day's number with its tentative share", async () => {
    await a.goto("/item/2027/03/10");
    await rowOf(a, "スピーカー").getByText("3 (仮3)").first().waitFor();
    await screenshot(a, "lifecycle-week-desktop");
  });

  step("6. on a phone the holder confirms; the desktop list shows it live", async () => {
    await a.goto("/workcase");
    await rowA.getByText("仮押さえ", { exact: true }).waitFor();
    b = await suite.newPage(PHONE);
    await login(b, OWNER.email);
    await b.goto(caseUrl);
    await b.getByText("期限 2027年03月01日 18:00・担当 横浜 健").waitFor();
    await expectNoPageOverflow(b);
    await screenshot(b, "lifecycle-detail-phone");
    await b.getByRole("button", { name: "本予約にする: A社展示会" }).click();
    const ask = b.getByRole("alertdialog", { name: "本予約にする" });
    await ask.getByText("この案件を本予約にしますか？").waitFor();
    await ask.getByRole("button", { name: "本予約にする" }).click();
    await b.getByRole("button", { name: "案件をキャンセル: A社展示会" }).waitFor();
    await rowA.getByText("本予約", { exact: true }).waitFor();
    await screenshot(b, "lifecycle-confirmed-phone");
    await screenshot(a, "lifecycle-list-live-desktop");
  });

  step("7. cancelled on the phone, the case holds nothing: B now moves into those days", async () => {
    await b.getByRole("button", { name: "案件をキャンセル: A社展示会" }).click();
    await b
      .getByRole("alertdialog", { name: "案件をキャンセル" })
      .getByRole("button", { name: "案件をキャンセル" })
      .click();
    await b.getByRole("button", { name: "本予約で再開: A社展示会" }).waitFor();
    // A cancelled case takes no units: no '+' although all 4 are free for it.
    const inventoryB = b.locator("section.case-card").nth(1);
    await rowOf(inventoryB, "スピーカー").getByText("4 / 4").waitFor();
    expect(
      await rowOf(inventoryB, "スピーカー").getByRole("button", { name: "スピーカーを1つ追加" }).count(),
    ).toBe(0);
    await expectNoPageOverflow(b);
    await screenshot(b, "lifecycle-cancelled-phone");
    await rowA.getByText("キャンセル", { exact: true }).waitFor();
    const again = await moveBIntoMarch10(a);
    await again.waitFor({ state: "hidden" });
    await rowOf(a, "B社イベント").getByText("2027年03月11日 09:00").waitFor();
  });
  step("8. reopening A is refused now that B holds those days; 理由 names B", async () => {
    await b.getByRole("button", { name: "本予約で再開: A社展示会" }).click();
    const refused = b.getByRole("dialog", { name: "変更できません" });
    await refused.getByText("再開する期間で在庫不足です").waitFor();
    await screenshot(b, "lifecycle-reopen-refused-phone");
    await refused.getByRole("button", { name: "スピーカーが不足している理由" }).click();
    const why = b.getByRole("dialog", { name: "スピーカー：在庫を押さえている案件" });
    await why.getByText("B社イベント").first().waitFor();
    await expectNoPageOverflow(b);
    await screenshot(b, "lifecycle-reopen-why-phone");
    // Nothing changed: the case is still cancelled.
    await b.keyboard.press("Escape");
    await b.keyboard.press("Escape");
    await b.getByRole("button", { name: "本予約で再開: A社展示会" }).waitFor();
    await rowA.getByText("キャンセル", { exact: true }).waitFor();
  });
});
