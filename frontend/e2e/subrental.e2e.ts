/**
 * 外部手配 (issue 38; docs/subrental.md) in the built app: the only speaker is booked by a case; a second '+' is
 * refused; 外部手配で補う opens the form prefilled with the missing unit over the case's period, a new supplier
 * is typed in, and saving books the refused unit (2 / 1 own). A second screen (a phone) on the warehouse board
 * of the case's day sees the 入荷 row appear live; after 入荷 the 返却 row is on the case's last day. On the phone
 * the case goes out and comes back with the hired unit lost (the 入庫 dialog asks whose it was): the 返却 row and
 * the list say the supplier must be told. The timeline draws the hired unit as its own bar. Desktop (1366 px) and
 * phone (390 px).
 */
import { describeInBrowser, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { callApi, expectNoPageOverflow, login, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = {
  email: "subrental@example.com",
  group: "湘南音響レンタルサービス",
  first: "健",
  last: "小林",
};

/** Tokyo wall-clock time on a day of July 2030 as an instant. */
const tokyo = (day: number, hour: number) => new Date(Date.UTC(2030, 6, day, hour - 9)).toISOString();

async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const api = (method: string, path: string, body?: unknown) => callApi(url, method, path, body, token);
  const category = (await api("POST", "/api/categories/", { category: "音響", group: groupId })).id as number;
  const speaker = (
    await api("POST", "/api/items/", {
      title: "スピーカー",
      category,
      stock_quantity: 1,
      note: "",
      group: groupId,
    })
  ).id as number;
  const kase = (
    await api("POST", "/api/workcases/", {
      title: "港まつり",
      start_date: tokyo(20, 9),
      end_date: tokyo(21, 18),
      note: "",
      group: groupId,
    })
  ).id as number;
  return { speaker, kase };
}

describeInBrowser("sub-rental: a refused + covered by hired units", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed(suite.app.url);
  }, 90_000);

  it("外部手配で補う books the refused unit, and the board shows 入荷 live on a second screen", async () => {
    const laptop = await suite.newPage(LAPTOP);
    await login(laptop, OWNER.email);
    const phone = await suite.newPage(PHONE);
    await login(phone, OWNER.email);
    await phone.goto("/warehouse?date=2030-07-20");
    await phone.getByRole("heading", { name: /7\/20/ }).first().waitFor();

    await laptop.goto(`/orderitems/${data.kase}`);
    const inventory = laptop.locator("section.case-card").nth(1);
    const speaker = rowOf(inventory, "スピーカー");
    await speaker.getByText("1 / 1").waitFor();
    // Two clicks on the only unit: one goes through, one is refused.
    await speaker.getByRole("button", { name: "スピーカーを1つ追加" }).click({ clickCount: 2 });
    const refusal = laptop.getByRole("alert").filter({ hasText: "追加できません" });
    await refusal.waitFor();
    await screenshot(laptop, "subrental-refused-laptop");
    await refusal.getByRole("button", { name: "スピーカーを外部手配で補う" }).click();

    const dialog = laptop.getByRole("dialog", { name: "新規外部手配" });
    expect(await dialog.getByLabel("数量").inputValue()).toBe("1");
    expect(await dialog.getByRole("textbox", { name: "入荷予定" }).inputValue()).toBe("2030/07/20 09:00");
    expect(await dialog.getByRole("textbox", { name: "返却予定" }).inputValue()).toBe("2030/07/21 18:00");
    await dialog.getByLabel("新規取引先").fill("東京音響レンタル");
    await dialog.getByLabel("費用メモ").fill("2日 8,000円");
    await screenshot(laptop, "subrental-form-laptop");
    await dialog.getByRole("button", { name: "手配する" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The refused unit was retried: 2 booked, nothing left.
    const shipped = rowOf(laptop.locator("section.case-card").nth(0), "スピーカー");
    await shipped.getByText("2", { exact: true }).waitFor();
    await speaker.getByText("0 / 1").waitFor();

    // Live on the second screen: 入荷 on the case's first day.
    const arrive = phone.getByRole("button", { name: "スピーカーを入荷（東京音響レンタル）" });
    await arrive.waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "subrental-board-arrive-phone");
    await arrive.click();
    await arrive.waitFor({ state: "detached" });
    // 返却 after the case, on its last day.
    await phone.goto("/warehouse?date=2030-07-21");
    await phone.getByRole("button", { name: "スピーカーを返却（東京音響レンタル）" }).waitFor();
    await screenshot(phone, "subrental-board-return-phone");

    // A hired unit lost at the customer: both units out on the first day, one back and the hired one lost. The
    // 入庫 dialog asks whose it was; the 返却 row then gives back none and says the supplier must be told.
    await phone.goto("/warehouse?date=2030-07-20");
    await phone
      .getByRole("button", { name: /スピーカー：出庫済 0\/2/ })
      .first()
      .click();
    const issue = phone.getByRole("dialog", { name: "スピーカーの出庫" });
    await issue.getByRole("button", { name: "出庫する" }).click();
    await issue.waitFor({ state: "hidden" });
    await phone.goto("/warehouse?date=2030-07-21");
    await phone
      .getByRole("button", { name: /スピーカー：入庫済 0\/2/ })
      .first()
      .click();
    const receive = phone.getByRole("dialog", { name: "スピーカーの入庫" });
    const lost = receive.getByRole("spinbutton", { name: "紛失" });
    await lost.fill("1");
    await lost.press("Tab");
    await receive.getByRole("radio", { name: "外部手配の品" }).check();
    await receive.getByText("外部手配の品の紛失・故障は自社の在庫を減らさず", { exact: false }).waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "subrental-hired-loss-phone");
    await receive.getByRole("button", { name: "入庫する" }).click();
    await receive.waitFor({ state: "hidden" });
    await phone.getByText("紛失 1個（東京音響レンタル への連絡が必要です）").waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "subrental-hired-loss-board-phone");

    // The timeline: the hired unit as its own bar, named by the supplier.
    await laptop.goto(`/availability/item/${data.speaker}?from=2030-07-18`);
    await laptop
      .getByRole("img", {
        name: "外部手配（東京音響レンタル）1個 2030年07月20日 09:00 〜 2030年07月21日 18:00",
      })
      .waitFor();
    await screenshot(laptop, "subrental-timeline-laptop");

    // The sub-rental page lists it, received.
    await laptop.goto("/subrentals");
    await laptop.getByText("東京音響レンタル").first().waitFor();
    await laptop.getByText("入荷済").waitFor();
    await laptop.getByText("紛失 1個（東京音響レンタル への連絡が必要です）", { exact: false }).waitFor();
    await screenshot(laptop, "subrental-list-laptop");
    await phone.goto("/subrentals");
    await phone.getByText("入荷済").waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "subrental-list-phone");

    // アイテム詳細 lists the item's hires, with the lost unit; the own stock has no outage of it.
    await laptop.goto("/item/2030/07/20");
    await laptop.getByRole("button", { name: "スピーカー", exact: true }).click();
    const detail = laptop.getByRole("dialog", { name: "アイテム詳細" });
    const hires = detail.getByRole("region", { name: "外部手配" });
    await hires.getByText("紛失 1個（東京音響レンタル への連絡が必要です）").waitFor();
    await hires.getByText("入荷済").waitFor();
    await screenshot(laptop, "subrental-item-hires-laptop");
    // Two screens through the whole hire (refusal, form, 入荷, a hired loss on the phone, 返却, the item's
    // hires): 30–35 s on a busy machine, more than jest's default for one test.
  }, 120_000);
});
