import type { Locator, Page } from "playwright-core";
import { DESKTOP, describeInBrowser, journeySteps, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { expectNoPageOverflow, login, post, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "movements@example.com", group: "仙台イベント機材", first: "五郎", last: "仙台" };
const DAY_MS = 24 * 3600 * 1000;

/** An owner, 10 microphones, and a confirmed case that starts now (today on the board) taking all 10. */
async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const sound = await post(url, "/api/categories/", { category: "音響", group: groupId }, token);
  const mic = await post(
    url,
    "/api/items/",
    { title: "マイク", category: sound.body.id, stock_quantity: 10, note: "", group: groupId },
    token,
  );
  expect(mic.status).toBe(201);
  const now = Date.now();
  const kase = await post(
    url,
    "/api/workcases/",
    {
      title: "市民祭り",
      start_date: new Date(now).toISOString(),
      end_date: new Date(now + 2 * DAY_MS).toISOString(),
      note: "",
      group: groupId,
    },
    token,
  );
  expect(kase.status).toBe(201);
  for (let i = 0; i < 10; i++) {
    expect((await post(url, `/api/additem/${mic.body.id}/${kase.body.id}/`, undefined, token)).status).toBe(
      200,
    );
  }
  return { caseId: kase.body.id as number, groupId, categoryId: sound.body.id as number };
}

const itemOf = (section: Locator, title: string) => rowOf(section, title, "listitem");

describeInBrowser("issue and receive by quantity journey (出庫済 n/N, 入庫済 n/N)", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  let caseId: number;
  let groupId: number;
  let categoryId: number;

  beforeAll(async () => {
    ({ caseId, groupId, categoryId } = await seed(suite.app.url));
  }, 90_000);

  const step = journeySteps();
  // The desktop's shipped item list (a) and the phone's warehouse board (b), then the item's detail on both:
  // each step starts where the last ended.
  let a: Page;
  let b: Page;
  let micA: Locator;
  let micB: Locator;
  let detailA: Locator;
  let outagesA: Locator;
  let week: string;

  step("1. the desktop list issues 8 of 10: the dialog starts at everything that is left", async () => {
    a = await suite.newPage(DESKTOP);
    await login(a, OWNER.email);
    await a.goto(`/orderitemslist/${caseId}`);
    micA = rowOf(a, "マイク");
    await micA.getByRole("button", { name: "マイク：出庫済 0/10（数量を指定して出庫）" }).click();
    const issueA = a.getByRole("dialog", { name: "マイクの出庫" });
    const quantityA = issueA.getByRole("spinbutton", { name: "出庫数" });
    expect(await quantityA.inputValue()).toBe("10");
    await quantityA.fill("8");
    await screenshot(a, "movements-issue-dialog-desktop");
    await issueA.getByRole("button", { name: "出庫する" }).click();
    await issueA.waitFor({ state: "hidden" });
    await micA.getByRole("button", { name: /：出庫済 8\/10/ }).waitFor();
  });

  step("2. the phone's board shows 8/10 and issues the other 2; the desktop list sees it live", async () => {
    b = await suite.newPage(PHONE);
    await login(b, OWNER.email);
    await b.goto("/warehouse");
    micB = itemOf(b.getByRole("region", { name: /^今日/ }), "マイク");
    const issued8 = micB.getByRole("button", { name: /：出庫済 8\/10/ });
    await issued8.waitFor();
    await issued8.click();
    const issueB = b.getByRole("dialog", { name: "マイクの出庫" });
    expect(await issueB.getByRole("spinbutton", { name: "出庫数" }).inputValue()).toBe("2");
    await issueB.getByText("残り2個").waitFor();
    await issueB
      .getByRole("list", { name: "入出庫の記録" })
      .getByText(/出庫 8個（仙台 五郎）/)
      .waitFor();
    await expectNoPageOverflow(b);
    await screenshot(b, "movements-issue-dialog-phone");
    await issueB.getByRole("button", { name: "出庫する" }).click();
    await issueB.waitFor({ state: "hidden" });
    await micB.getByRole("button", { name: /：出庫済 10\/10/ }).waitFor();
    // With the spec's 出庫解除 toggle (something is out).
    await micA.getByRole("button", { name: /：出庫済 10\/10/ }).waitFor();
    await micA.getByRole("button", { name: "出庫解除: マイク" }).waitFor();
  });

  step("3. 9 back and 1 lost in one receive on the phone; the desktop list sees them all", async () => {
    // The lost unit comes out of the 9 returned.
    await micB.getByRole("button", { name: /：入庫済 0\/10/ }).click();
    const receiveB = b.getByRole("dialog", { name: "マイクの入庫" });
    const quantityB = receiveB.getByRole("spinbutton", { name: "入庫数（良品）" });
    expect(await quantityB.inputValue()).toBe("10");
    const lostB = receiveB.getByRole("spinbutton", { name: "紛失" });
    await lostB.fill("1");
    await lostB.press("Tab");
    await receiveB.getByText("今回の記録：良品 9個・紛失 1個（未入庫 10個のうち）").waitFor();
    expect(await quantityB.inputValue()).toBe("9");
    await expectNoPageOverflow(b);
    await screenshot(b, "movements-receive-lost-phone");
    await receiveB.getByRole("button", { name: "入庫する" }).click();
    await receiveB.waitFor({ state: "hidden" });
    // 入庫済 10/10 live, with the spec's 入庫解除 toggle.
    await micA.getByRole("button", { name: /：入庫済 10\/10/ }).waitFor();
    await micA.getByRole("button", { name: "入庫解除: マイク" }).waitFor();
    await expectNoPageOverflow(a);
    await screenshot(a, "movements-list-desktop");
    await micA.getByRole("button", { name: /：入庫済 10\/10/ }).click();
    const recordA = a.getByRole("dialog", { name: "マイクの入庫" });
    await recordA
      .getByRole("list", { name: "入出庫の記録" })
      .getByText(/入庫（紛失） 1個（仙台 五郎）/)
      .waitFor();
    await recordA.getByRole("button", { name: "キャンセル" }).click();
    await recordA.waitFor({ state: "hidden" });
  });

  step("4. the item's available stock drops: its detail lists the lost unit, 9 can be used", async () => {
    week = new Date().toISOString().slice(0, 10).split("-").join("/");
    await a.goto(`/item/${week}`);
    await a.getByRole("button", { name: "マイク", exact: true }).click();
    detailA = a.getByRole("dialog", { name: "アイテム詳細" });
    outagesA = detailA.getByRole("region", { name: "使用できないアイテム（紛失・故障）" });
    await outagesA.getByText("紛失 1個（市民祭り）").waitFor();
    expect(await detailA.getByTestId("item-available-now").textContent()).toBe("9");
    expect(await detailA.getByTestId("item-out-of-service").textContent()).toBe("1");
    await screenshot(a, "movements-item-lost-desktop");
  });

  step("5. found on the phone (発見): the desktop's detail sees the unit back, live", async () => {
    await b.goto(`/item/${week}`);
    await b.getByRole("button", { name: "マイク", exact: true }).click();
    const detailB = b.getByRole("dialog", { name: "アイテム詳細" });
    const found = detailB.getByRole("button", { name: "発見：紛失 1個（市民祭り）" });
    await found.waitFor();
    await expectNoPageOverflow(b);
    await screenshot(b, "movements-item-lost-phone");
    await found.click();
    await detailB.getByText("紛失・故障中のアイテムはありません").waitFor();
    await outagesA.getByText("紛失・故障中のアイテムはありません").waitFor();
    expect(await detailA.getByTestId("item-available-now").textContent()).toBe("10");
  });

  // Data and pages of its own: it runs whatever became of the steps before.
  it("6. warns a following case about units another case has not brought back (延滞), on its screens and the warehouse board, until they are received", async () => {
    const url = suite.app.url;
    const token = await tokenFor(url, OWNER.email);
    const speaker = await post(
      url,
      "/api/items/",
      { title: "スピーカー", category: categoryId, stock_quantity: 2, note: "", group: groupId },
      token,
    );
    expect(speaker.status).toBe(201);
    const now = Date.now();
    const makeCase = async (title: string, from: number, to: number) =>
      (
        await post(
          url,
          "/api/workcases/",
          {
            title,
            start_date: new Date(from).toISOString(),
            end_date: new Date(to).toISOString(),
            note: "",
            group: groupId,
          },
          token,
        )
      ).body.id as number;
    const past = await makeCase("学園祭", now - 2 * DAY_MS, now - DAY_MS);
    await post(url, `/api/additem/${speaker.body.id}/${past}/`, undefined, token);
    const added = await post(url, `/api/additem/${speaker.body.id}/${past}/`, undefined, token);
    const lineId = (added.body.order_item as { id: number }).id;
    expect((await post(url, `/api/orderitems/${lineId}/issue/`, { quantity: 2 }, token)).status).toBe(200);
    const next = await makeCase("花火大会", now + DAY_MS, now + 2 * DAY_MS);
    expect((await post(url, `/api/additem/${speaker.body.id}/${next}/`, undefined, token)).status).toBe(200);

    const a = await suite.newPage(DESKTOP);
    await login(a, OWNER.email);
    await a.goto(`/orderitems/${next}`);
    const warning = a.getByRole("alert").filter({ hasText: "延滞中のアイテムがあるため" });
    await warning.getByText("スピーカー：必要 3個 / 在庫 2個").waitFor();
    await warning.getByText(/学園祭（終了 .+）から 2個 未入庫/).waitFor();
    await screenshot(a, "movements-overdue-warning-desktop");
    const b = await suite.newPage(PHONE);
    await login(b, OWNER.email);
    await b.goto(`/orderitems/${next}`);
    await b.getByRole("alert").filter({ hasText: "延滞中のアイテムがあるため" }).waitFor();
    await expectNoPageOverflow(b);
    await screenshot(b, "movements-overdue-warning-phone");
    // The warehouse board warns on the case going out tomorrow, under its head, before its 出庫.
    await b.goto("/warehouse");
    const onBoard = b
      .getByRole("article", { name: "花火大会" })
      .getByRole("alert")
      .filter({ hasText: "延滞中のアイテムがあるため" });
    await onBoard.getByText("スピーカー：必要 3個 / 在庫 2個").waitFor();
    await expectNoPageOverflow(b);
    await screenshot(b, "movements-overdue-warning-board-phone");
    // The speakers come back: the warning goes, live, on the case screen and on the board.
    expect((await post(url, `/api/orderitems/${lineId}/receive/`, { quantity: 2 }, token)).status).toBe(200);
    await warning.waitFor({ state: "detached" });
    await onBoard.waitFor({ state: "detached" });
  }, 120_000);
});
