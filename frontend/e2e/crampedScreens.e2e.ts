import type { Locator, Page } from "playwright-core";
import { describeInBrowser, journeySteps, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import {
  collectConsoleErrors,
  expectNoPageOverflow,
  login,
  post,
  rowOf,
  signUpOwner,
  tokenFor,
} from "./journeyHelpers";
import { edgeHintShown, lineCount, splitsInsideWords } from "./layoutProbes";

/**
 * Issue 36, point 8: cramped phone screens and the desktop shipped list, measured in the page. On a 390 px
 * phone the week grid says that more days follow and keeps the item name in view, its categories stay whole;
 * the timeline's day labels do not run together and a one-day bar shows its number, not 「2 …」; the case
 * detail's 出荷数 is one line and its names break between words. At 1366 px the shipped item list breaks no
 * name or date inside a word (プロジェクタ/ー) and needs no sideways scroll.
 */
const OWNER = { email: "cramped@example.com", group: "函館イベント機材", first: "次郎", last: "仙台" };
const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
const CABLES = "電源・ケーブル";
const AV = "映像・音響";
const PROJECTOR = "プロジェクター";
const MICROPHONE = "ワイヤレスマイク";
const MOVING_LIGHT = "ムービングライト ウォーム";
const HDMI = "HDMIケーブル 10m";
const EXTENSION = "延長コード 3口";
const EXPO = "秋の展示会 本番";
const ONE_DAY = "一日だけの搬入";

/** The business zone's day of `instant`, as YYYY-MM-DD (the week grid's URL, the timeline's columns). */
const tokyoDay = (instant: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date(instant));

/** 00:00 in Tokyo of the day `days` after today. */
function tokyoMidnight(days: number): number {
  const [y, m, d] = tokyoDay(Date.now() + days * DAY_MS)
    .split("-")
    .map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) - 9 * HOUR_MS;
}

async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const category = async (name: string) =>
    (await post(url, "/api/categories/", { category: name, group: groupId }, token)).body.id as number;
  const cables = await category(CABLES);
  const av = await category(AV);
  const newItem = async (title: string, categoryId: number, stock: number) => {
    const item = await post(
      url,
      "/api/items/",
      { title, category: categoryId, stock_quantity: stock, note: "", group: groupId },
      token,
    );
    expect(item.status).toBe(201);
    return item.body.id as number;
  };
  const newCase = async (title: string, from: number, to: number) => {
    const body = {
      title,
      start_date: new Date(from).toISOString(),
      end_date: new Date(to).toISOString(),
      note: "",
      group: groupId,
    };
    const kase = await post(url, "/api/workcases/", body, token);
    expect(kase.status).toBe(201);
    return kase.body.id as number;
  };
  /** `units` of the item on the case, issued when `issue` (so the list's 出庫時刻 is filled). */
  const book = async (itemId: number, caseId: number, units: number, issue = false) => {
    let line = 0;
    for (let i = 0; i < units; i++) {
      const added = await post(url, `/api/additem/${itemId}/${caseId}/`, undefined, token);
      expect(added.status).toBe(200);
      line = (added.body.order_item as { id: number }).id;
    }
    if (issue)
      expect((await post(url, `/api/orderitems/${line}/issue/`, { quantity: units }, token)).status).toBe(
        200,
      );
  };
  const projector = await newItem(PROJECTOR, av, 6);
  const microphone = await newItem(MICROPHONE, av, 12);
  const movingLight = await newItem(MOVING_LIGHT, av, 8);
  const hdmi = await newItem(HDMI, cables, 30);
  const extension = await newItem(EXTENSION, cables, 20);
  // Running now, everything issued: the case detail and the shipped list show every name and four dates.
  const expo = await newCase(EXPO, Date.now() - HOUR_MS, Date.now() + 3 * DAY_MS);
  for (const [item, units] of [
    [projector, 2],
    [microphone, 4],
    [movingLight, 2],
    [hdmi, 6],
    [extension, 3],
  ] as const)
    await book(item, expo, units, true);
  // One whole day the day after tomorrow: one column of the phone's timeline (about 25 px).
  const day = tokyoMidnight(2);
  const oneDay = await newCase(ONE_DAY, day, day + DAY_MS - 60_000);
  await book(projector, oneDay, 1);
  return { projector, expo };
}

/** Polls a layout probe (a shadow fades in 0.15 s) until it answers `expected` or 3 s pass; its last answer. */
async function settle<T>(probe: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 3000;
  let value = await probe();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await probe();
  }
  return value;
}

/** Every cell of `column` (a class of the DataTable's cells) in `scope`, with where its text splits a word. */
async function wordSplits(scope: Locator, selector: string): Promise<string[]> {
  const found: string[] = [];
  for (const cell of await scope.locator(selector).all()) found.push(...(await splitsInsideWords(cell)));
  return found;
}

describeInBrowser("issue 36 point 8: cramped phone screens and the desktop shipped list", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  const step = journeySteps();
  let data: Awaited<ReturnType<typeof seed>>;
  let phone: Page;
  let laptop: Page;
  let phoneErrors: string[] = [];
  let laptopErrors: string[] = [];

  beforeAll(async () => {
    data = await seed(suite.app.url);
    phone = await suite.newPage(PHONE);
    phoneErrors = collectConsoleErrors(phone);
    await login(phone, OWNER.email);
    laptop = await suite.newPage(LAPTOP);
    laptopErrors = collectConsoleErrors(laptop);
    await login(laptop, OWNER.email);
  }, 90_000);

  step(
    "8a. week grid at 390 px: a shadow says more days follow, the name column stays, headers and categories whole",
    async () => {
      await phone.goto(`/item/${tokyoDay(Date.now()).replaceAll("-", "/")}`);
      const grid = phone.getByRole("region", { name: "アイテム一覧" });
      await rowOf(grid, PROJECTOR).waitFor();
      const box = phone.locator(".dt-scroll").first();
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // The days are off to the right: the box's right edge says so; nothing is hidden on the left yet.
      expect(await settle(() => edgeHintShown(box, "::after"), true)).toBe(true);
      // 電源・ケーブル on one line (it read 電源・ケー / ブル), every category of the page.
      const categories = grid.locator("tbody td.col-category");
      expect(await categories.count()).toBeGreaterThan(0);
      for (const cell of await categories.all()) expect(await lineCount(cell)).toBe(1);
      expect(await wordSplits(grid, "tbody td")).toEqual([]);
      await expectNoPageOverflow(phone);
      await screenshot(phone, "cramped-week-phone");
      // Scrolled to the end: the item name stays at the left edge, the last day is whole, the hint has moved.
      await box.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      const boxLeft = (await box.boundingBox())?.x ?? 0;
      const name = rowOf(grid, PROJECTOR).locator("td.col-title");
      expect(Math.abs(((await name.boundingBox())?.x ?? -100) - boxLeft)).toBeLessThanOrEqual(2);
      expect(await settle(() => edgeHintShown(box, "::after"), false)).toBe(false);
      const lastDay = grid.locator("thead th").last();
      expect(await lastDay.innerText()).toMatch(/^\d{1,2}\/\d{1,2}\(.\)$/);
      const boxRight = await box.evaluate((el) => el.getBoundingClientRect().right);
      expect(await lastDay.evaluate((th) => th.getBoundingClientRect().right)).toBeLessThanOrEqual(
        boxRight + 1,
      );
      for (const th of await grid.locator("thead th").all()) expect(await lineCount(th)).toBe(1);
      await screenshot(phone, "cramped-week-phone-scrolled");
    },
  );

  step(
    "8b. timeline at 390 px: day labels apart, a one-day bar shows its number, the case in its tooltip",
    async () => {
      await phone.goto(`/availability/item/${data.projector}`);
      const row = phone.getByRole("region", { name: PROJECTOR });
      const oneDay = row.getByRole("link", { name: new RegExp(`^${ONE_DAY}`) });
      await oneDay.waitFor();
      // Each label's box ends before the next one starts (11/2811/2911/30 ran together).
      const labels = await phone
        .locator(".tl-head .tl-day-date")
        .evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })),
        );
      expect(labels.length).toBe(14);
      labels.slice(1).forEach((label, i) => {
        expect(label.left).toBeGreaterThanOrEqual((labels[i]?.right ?? Number.POSITIVE_INFINITY) + 1);
      });
      // Every bar shows its number; a name is shown only where at least two characters of it fit.
      const unreadable = await row.locator(".tl-bar").evaluateAll((bars) =>
        bars.flatMap((bar) => {
          const text = bar.querySelector(".tl-bar-text") as HTMLElement;
          const number = text.querySelector("strong") as HTMLElement;
          const nameShown = text.innerText.trim() !== number.innerText.trim();
          const numberCut = number.getBoundingClientRect().right > bar.getBoundingClientRect().right;
          const room = text.clientWidth - number.offsetWidth;
          const fontPx = Number.parseFloat(getComputedStyle(text).fontSize);
          const tooNarrow = nameShown && text.scrollWidth > text.clientWidth && room < 2 * fontPx;
          return numberCut || tooNarrow ? [`${bar.getAttribute("aria-label")}: ${text.innerText}`] : [];
        }),
      );
      expect(unreadable).toEqual([]);
      expect(await oneDay.getAttribute("title")).toContain(ONE_DAY);
      await expectNoPageOverflow(phone);
      await screenshot(phone, "cramped-timeline-phone");
    },
  );

  step(
    "8c. case detail at 390 px: 出荷数 on one line, names break between words, both tables fit",
    async () => {
      await phone.goto(`/orderitems/${data.expo}`);
      const shipped = phone.locator("section.case-card").first();
      const inventory = phone.locator("section.case-card").nth(1);
      await rowOf(shipped, MOVING_LIGHT).waitFor();
      await rowOf(inventory, MICROPHONE).waitFor();
      expect(await lineCount(shipped.locator("thead th", { hasText: "出荷数" }))).toBe(1);
      for (const th of await phone.locator(".case-card thead th").all())
        expect(await splitsInsideWords(th)).toEqual([]);
      expect(await wordSplits(shipped, "tbody td")).toEqual([]);
      expect(await wordSplits(inventory, "tbody td")).toEqual([]);
      for (const box of await phone.locator(".case-card .dt-scroll").all())
        expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expectNoPageOverflow(phone);
      await screenshot(phone, "cramped-case-phone");
    },
  );

  step("8d. shipped list at 1366 px: no name or date split inside a word, no sideways scroll", async () => {
    await laptop.goto(`/orderitemslist/${data.expo}`);
    const list = laptop.getByRole("region", { name: "出荷アイテム" });
    await rowOf(list, PROJECTOR).waitFor();
    expect(await wordSplits(list, "tbody td")).toEqual([]);
    const box = laptop.locator(".dt-scroll").first();
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(laptop, "cramped-orderitemslist-laptop");
  });

  step(
    "8e. the same screens at 1366 px keep their look (screenshots), and nothing was logged as an error",
    async () => {
      await laptop.goto(`/item/${tokyoDay(Date.now()).replaceAll("-", "/")}`);
      const grid = laptop.getByRole("region", { name: "アイテム一覧" });
      await rowOf(grid, PROJECTOR).waitFor();
      // The week fits a laptop: no shadow, since nothing is hidden.
      expect(await settle(() => edgeHintShown(laptop.locator(".dt-scroll").first(), "::after"), false)).toBe(
        false,
      );
      expect(await wordSplits(grid, "tbody td")).toEqual([]);
      await screenshot(laptop, "cramped-week-laptop");
      await laptop.goto(`/availability/item/${data.projector}`);
      await laptop
        .getByRole("region", { name: PROJECTOR })
        .getByRole("link", { name: new RegExp(`^${ONE_DAY}`) })
        .waitFor();
      await screenshot(laptop, "cramped-timeline-laptop");
      await laptop.goto(`/orderitems/${data.expo}`);
      await rowOf(laptop.locator("section.case-card").first(), MOVING_LIGHT).waitFor();
      expect(await wordSplits(laptop.locator("section.case-card").first(), "tbody td")).toEqual([]);
      await screenshot(laptop, "cramped-case-laptop");
      await phone.goto(`/orderitemslist/${data.expo}`);
      await rowOf(phone, PROJECTOR).waitFor();
      await expectNoPageOverflow(phone);
      await screenshot(phone, "cramped-orderitemslist-phone");
      expect(phoneErrors).toEqual([]);
      expect(laptopErrors).toEqual([]);
    },
  );
});
