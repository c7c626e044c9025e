import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import {
  DESKTOP,
  describeInBrowser,
  journeySteps,
  PHONE,
  SCREENSHOT_DIR,
  screenshot,
  useAppAndBrowser,
} from "./harness";
import { callApi, expectNoPageOverflow, login, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "packlist@example.com", group: "名古屋ステージ技研", first: "直樹", last: "中村" };
const OTHER = { email: "packlist-other@example.com", group: "北九州音響", first: "美咲", last: "松本" };
const DAY_MS = 24 * 3600 * 1000;

/** poppler-utils (Debian) reads the printed PDF back: scripts/ci/ensure-system-packages.sh installs it. */
function pdfToolsAvailable(): boolean {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A case with items of two categories (quantities 3, 2 and 1), and another group's case, through the API. */
async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const category = async (name: string) =>
    (await callApi(url, "POST", "/api/categories/", { category: name, group: groupId }, token)).id as number;
  const sound = await category("音響");
  const light = await category("照明");
  const item = async (title: string, cat: number) =>
    (
      await callApi(
        url,
        "POST",
        "/api/items/",
        { title, category: cat, stock_quantity: 10, note: "", group: groupId },
        token,
      )
    ).id as number;
  const mic = await item("ワイヤレスマイク", sound);
  const spot = await item("LEDスポットライト", light);
  const stand = await item("三脚スタンド", light);
  const start = new Date(Date.UTC(2030, 3, 10, 0, 0)); // 2030-04-10 09:00 in Tokyo
  const kase = await callApi(
    url,
    "POST",
    "/api/workcases/",
    {
      title: "秋の新製品発表会",
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + 2 * DAY_MS).toISOString(),
      note: "搬入口は建物の北側。台車2台を持参。",
      group: groupId,
    },
    token,
  );
  // One + per unit, as the case screen adds them.
  for (const [itemId, n] of [
    [mic, 3],
    [spot, 2],
    [stand, 1],
  ] as const) {
    for (let i = 0; i < n; i++)
      await callApi(url, "POST", `/api/additem/${itemId}/${kase.id}/`, undefined, token);
  }
  const other = await signUpOwner(url, OTHER);
  const otherToken = await tokenFor(url, OTHER.email);
  const otherCase = await callApi(
    url,
    "POST",
    "/api/workcases/",
    {
      title: "他社の案件",
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + DAY_MS).toISOString(),
      note: "",
      group: other.groupId,
    },
    otherToken,
  );
  return { caseId: kase.id as number, otherCaseId: otherCase.id as number };
}

describeInBrowser("pack list journey", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed(suite.app.url);
  }, 90_000);

  const step = journeySteps();
  // The desktop page the list opened in: step 2 prints it.
  let page: Page;

  step("1. opens from the case screen: by category, then name, with quantities", async () => {
    page = await suite.newPage(DESKTOP);
    await login(page, OWNER.email);
    await page.goto(`/orderitems/${data.caseId}`);
    await page.getByRole("heading", { name: "案件詳細：秋の新製品発表会" }).waitFor();
    await page.getByRole("link", { name: "出荷リスト" }).click();
    await page.waitForURL(`**/workcase/${data.caseId}/packlist`);
    const table = page.getByRole("table", { name: "出荷リスト" });
    await table.waitFor();
    // By category, then by item name in Japanese order (音 before 照 in JIS order); an empty tick box on every line.
    const rows = await table
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
    expect(rows).toEqual([
      ["", "音響", "ワイヤレスマイク", "3"],
      ["", "照明", "LEDスポットライト", "2"],
      ["", "照明", "三脚スタンド", "1"],
    ]);
    await page.getByText("計 3品目 6点").waitFor();
    await screenshot(page, "packlist-desktop");
  });

  step("2. prints on A4 and reads back with the case, the items and their quantities", async () => {
    if (!pdfToolsAvailable()) {
      if (process.env.REQUIRE_SERVICES === "1")
        throw new Error("pdftotext is missing: apt-get install poppler-utils");
      console.warn("SKIPPED (no pdftotext: apt-get install poppler-utils): the pack list PDF's text");
      return;
    }
    // Kept beside the screenshots, to look at.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const pdf = path.join(SCREENSHOT_DIR, "packlist.pdf");
    writeFileSync(pdf, await page.pdf({ format: "A4" }));
    expect(execFileSync("pdfinfo", [pdf]).toString()).toMatch(/Page size:.*\(A4\)/);
    const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", pdf, "-"]).toString();
    for (const expected of [
      "出荷リスト",
      "秋の新製品発表会",
      "2030年04月10日 09:00",
      "搬入口は建物の北側。台車2台を持参。",
      "計 3品目 6点",
    ]) {
      expect(text).toContain(expected);
    }
    // Each item on its line with its category and quantity.
    expect(text).toMatch(/照明\s+LEDスポットライト\s+2\n/);
    expect(text).toMatch(/照明\s+三脚スタンド\s+1\n/);
    expect(text).toMatch(/音響\s+ワイヤレスマイク\s+3\n/);
    // Only the sheet is printed: no app header, no buttons.
    for (const absent of ["ログアウト", "案件に戻る", "在庫管理"]) expect(text).not.toContain(absent);
  });

  it("3. fits a phone and treats another group's case as missing", async () => {
    const page = await suite.newPage(PHONE);
    await login(page, OWNER.email);
    await page.goto(`/workcase/${data.caseId}/packlist`);
    await page.getByRole("table", { name: "出荷リスト" }).waitFor();
    await expectNoPageOverflow(page);
    await screenshot(page, "packlist-phone");

    await page.goto(`/workcase/${data.otherCaseId}/packlist`);
    await page.getByRole("heading", { name: "案件が見つかりません" }).waitFor();
    expect(await page.getByText("他社の案件").count()).toBe(0);
    await screenshot(page, "packlist-missing-phone");
  });
});
