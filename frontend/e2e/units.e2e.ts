import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  DESKTOP,
  describeInBrowser,
  journeySteps,
  LAPTOP,
  newContext,
  PHONE,
  screenshot,
  useAppAndBrowser,
} from "./harness";
import { callApi, expectNoPageOverflow, login, post, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "units@example.com", group: "盛岡音響レンタル", first: "一郎", last: "盛岡" };
const DAY_MS = 24 * 3600 * 1000;
const W = 640;
const H = 480;

/** A page of the label PDF as grey pixels (pdftoppm). */
function labelImage(pdf: Buffer): { width: number; height: number; pixels: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "units-e2e-"));
  writeFileSync(path.join(dir, "l.pdf"), pdf);
  execFileSync("pdftoppm", [
    "-r",
    "150",
    "-gray",
    "-singlefile",
    path.join(dir, "l.pdf"),
    path.join(dir, "p"),
  ]);
  const data = readFileSync(path.join(dir, readdirSync(dir).find((f) => f.endsWith(".pgm"))!));
  const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString("latin1"))!;
  return { width: Number(m[1]), height: Number(m[2]), pixels: data.subarray(m[0].length) };
}

/**
 * A Y4M video (what Chromium's fake camera plays, looping) of the app's own label: `blank` white frames, then
 * the label, scaled to fill most of the frame, for `shown` frames (10 fps).
 */
function labelVideo(pdf: Buffer, blank: number, shown: number): string {
  const img = labelImage(pdf);
  const scale = Math.min((W * 0.9) / img.width, (H * 0.9) / img.height);
  const w = Math.floor(img.width * scale);
  const h = Math.floor(img.height * scale);
  const x0 = Math.floor((W - w) / 2);
  const y0 = Math.floor((H - h) / 2);
  const white = Buffer.alloc(W * H, 235);
  const label = Buffer.alloc(W * H, 235);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const v = img.pixels[Math.floor(y / scale) * img.width + Math.floor(x / scale)]!;
      label[(y0 + y) * W + x0 + x] = Math.round(16 + (v * 219) / 255);
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frames: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < blank + shown; i += 1) {
    frames.push(Buffer.from("FRAME\n"), i < blank ? white : label, chroma);
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "units-e2e-")), "labels.y4m");
  writeFileSync(file, Buffer.concat(frames));
  return file;
}

/** An owner, 3 tracked microphones (MIC-0001…), a case from now taking 2, and a second case taking 1. */
async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const sound = await callApi(url, "POST", "/api/categories/", { category: "音響", group: groupId }, token);
  const mic = await callApi(
    url,
    "POST",
    "/api/items/",
    { title: "ワイヤレスマイク", category: sound.id, stock_quantity: 3, note: "", group: groupId },
    token,
  );
  const units = (await callApi(
    url,
    "POST",
    "/api/units/tracking/",
    { item: mic.id, tracked: true, prefix: "MIC" },
    token,
  )) as unknown as { id: number; tag: string }[];
  const now = Date.now();
  const cases: number[] = [];
  for (const [title, n] of [
    ["盛岡さんさ踊り", 2],
    ["市民ホール公演", 1],
  ] as const) {
    const kase = await callApi(
      url,
      "POST",
      "/api/workcases/",
      {
        title,
        start_date: new Date(now + 60_000).toISOString(),
        end_date: new Date(now + 2 * DAY_MS).toISOString(),
        note: "",
        group: groupId,
      },
      token,
    );
    for (let i = 0; i < n; i++) {
      expect((await post(url, `/api/additem/${mic.id}/${kase.id}/`, undefined, token)).status).toBe(200);
    }
    cases.push(kase.id as number);
  }
  const res = await fetch(`${url}/api/units/labels/?ids=${units[0]!.id}&layout=single`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return {
    units,
    token,
    itemId: mic.id as number,
    caseId: cases[0]!,
    pdf: Buffer.from(await res.arrayBuffer()),
  };
}

describeInBrowser("units journey (個体管理: scan the app's own label with the phone's camera)", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 20_000 });
  let seeded: Awaited<ReturnType<typeof seed>>;
  let cameraBrowser: Browser;
  let phone: Page;
  let desk: Page;
  /** The case's shipped item list (出荷アイテム) at 1280 px, open while the phone issues on the board. */
  let list: Page;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    seeded = await seed(suite.app.url);
    // The phone's camera plays a video of the label the app printed (rendered from its own PDF).
    const video = labelVideo(seeded.pdf, 10, 40);
    cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        ...CHROMIUM_ARGS,
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
  }, 90_000);
  afterAll(async () => {
    await cameraBrowser?.close();
    console.info(`units journey timings (ms): ${JSON.stringify(timings)}`);
  });

  const step = journeySteps();

  step("the phone opens the board; the desktop shows the same board", async () => {
    const context = await newContext(cameraBrowser, suite.app.url, PHONE);
    await context.grantPermissions(["camera"], { origin: suite.app.url });
    phone = await context.newPage();
    phone.setDefaultTimeout(20_000);
    await login(phone, OWNER.email);
    await phone.goto("/warehouse");
    desk = await suite.newPage(DESKTOP);
    await login(desk, OWNER.email);
    await desk.goto("/warehouse");
    await rowOf(phone.getByRole("region", { name: /^今日/ }), "ワイヤレスマイク", "listitem")
      .first()
      .waitFor();
    list = await suite.newPage(DESKTOP);
    await login(list, OWNER.email);
    await list.goto(`/orderitemslist/${seeded.caseId}`);
    await rowOf(list, "ワイヤレスマイク").waitFor();
    expect(await rowOf(list, "ワイヤレスマイク").getByText("出庫中：").count()).toBe(0);
  });

  step("出庫 on the tracked line opens the unit scan; the camera reads MIC-0001 from its label", async () => {
    const line = rowOf(phone.locator("body"), "ワイヤレスマイク", "listitem")
      .filter({ has: phone.getByText("2個", { exact: true }) })
      .first();
    await line.getByRole("button", { name: /^出庫：/ }).click();
    const dialog = phone.getByRole("dialog", { name: "ワイヤレスマイクの出庫（個体）" });
    await dialog.waitFor();
    const started = Date.now();
    await dialog.getByRole("button", { name: "カメラで読み取る" }).click();
    await dialog.getByTestId("unit-scan-reads").getByText("MIC-0001").waitFor({ timeout: 30_000 });
    timings.cameraOpenToFirstRead = Date.now() - started;
    await screenshot(phone, "units-camera-read-phone");
    // The same label read again by a hand-typed scan (a wedge scanner types the same): refused in words.
    await dialog.getByRole("button", { name: "カメラを止める" }).click();
    const box = dialog.getByLabel("管理番号（スキャンまたは入力）");
    await box.fill("MIC-0001");
    await box.press("Enter");
    await dialog.getByTestId("unit-scan-message").getByText("MIC-0001 はすでに読み取っています").waitFor();
  });

  step("a unit of the other case is refused by name; the picker adds MIC-0002; 2個を出庫する", async () => {
    // MIC-0003 goes out on the other case meanwhile (another worker, through the API).
    const dialog = phone.getByRole("dialog", { name: "ワイヤレスマイクの出庫（個体）" });
    const board = (await callApi(
      suite.app.url,
      "GET",
      "/api/warehouse/",
      undefined,
      seeded.token,
    )) as unknown as {
      days: { cases: { title: string; rows: { id: number }[] }[] }[];
    };
    const otherCase = board.days[0]?.cases.find((c) => c.title === "市民ホール公演");
    if (!otherCase) throw new Error("市民ホール公演 is not on today's board");
    const otherLine = otherCase.rows[0]!.id;
    await callApi(
      suite.app.url,
      "POST",
      `/api/orderitems/${otherLine}/issue/`,
      { quantity: 1, units: [seeded.units[2]!.id] },
      seeded.token,
    );
    const box = dialog.getByLabel("管理番号（スキャンまたは入力）");
    await box.fill("mic-0003");
    await box.press("Enter");
    await dialog
      .getByTestId("unit-scan-message")
      .getByText("この機材は案件「市民ホール公演」に出庫中です")
      .waitFor();
    await screenshot(phone, "units-refused-phone");
    await dialog.getByText("一覧から選ぶ").click();
    await dialog.getByRole("button", { name: "MIC-0002", exact: true }).click();
    await dialog.getByTestId("unit-scan-reads").getByText("MIC-0002").waitFor();
    const sent = Date.now();
    await dialog.getByRole("button", { name: "2個を出庫する" }).click();
    await dialog.waitFor({ state: "hidden" });
    // The desktop's board shows which units are out on the line, live.
    const deskLine = rowOf(desk.locator("body"), "ワイヤレスマイク", "listitem")
      .filter({ has: desk.getByText("2個", { exact: true }) })
      .first();
    await deskLine.getByTestId("wh-units-out").getByText("MIC-0001").waitFor();
    await deskLine.getByTestId("wh-units-out").getByText("MIC-0002").waitFor();
    timings.issueToOtherScreen = Date.now() - sent;
    await screenshot(phone, "units-issued-phone");
    await screenshot(desk, "units-issued-desktop");
    // The case's shipped item list takes the line's new row (orderitems.upserted with its units out).
    await rowOf(list, "ワイヤレスマイク").getByText("出庫中：MIC-0001、MIC-0002").waitFor();
  });

  step(
    "the shipped item list: the units out on the row, 入庫 opens the scan at once (1280 px and the phone)",
    async () => {
      const row = rowOf(list, "ワイヤレスマイク");
      await screenshot(list, "units-orderitemslist-desktop");
      // A tracked line's 入庫 asks which units came back without a request first (the row says it is tracked).
      const writes: string[] = [];
      list.on("request", (r) => {
        if (r.method() !== "GET" && r.url().includes("/api/orderitems/"))
          writes.push(`${r.method()} ${r.url()}`);
      });
      await row.getByRole("button", { name: "入庫: ワイヤレスマイク" }).click();
      const dialog = list.getByRole("dialog", { name: "ワイヤレスマイクの入庫（個体）" });
      await dialog.getByText("読み取った個体（0/2個）").waitFor();
      expect(writes).toEqual([]);
      await dialog.getByRole("button", { name: "キャンセル" }).click();
      await dialog.waitFor({ state: "hidden" });
      const small = await suite.newPage(PHONE);
      await login(small, OWNER.email);
      await small.goto(`/orderitemslist/${seeded.caseId}`);
      await small.getByText("出庫中：MIC-0001、MIC-0002").waitFor();
      await expectNoPageOverflow(small);
      await screenshot(small, "units-orderitemslist-phone");
      // The case screen's 出荷アイテム card lists them under the item too.
      for (const [page, name] of [
        [small, "units-case-phone"],
        [list, "units-case-desktop"],
      ] as const) {
        await page.goto(`/orderitems/${seeded.caseId}`);
        const card = page.getByRole("region", { name: "出荷アイテム" }).first();
        await card.getByText("出庫中：MIC-0001、MIC-0002").waitFor();
        await expectNoPageOverflow(page);
        await screenshot(page, name);
      }
    },
  );

  step("入庫: MIC-0001 back in good order, MIC-0002 lost; the unit page says where each is", async () => {
    const line = rowOf(phone.locator("body"), "ワイヤレスマイク", "listitem")
      .filter({ has: phone.getByText("2個", { exact: true }) })
      .first();
    await line.getByRole("button", { name: /^入庫：/ }).click();
    const dialog = phone.getByRole("dialog", { name: "ワイヤレスマイクの入庫（個体）" });
    await dialog.waitFor();
    const box = dialog.getByLabel("管理番号（スキャンまたは入力）");
    for (const tag of ["MIC-0001", "MIC-0002"]) {
      await box.fill(tag);
      await box.press("Enter");
      await dialog.getByTestId("unit-scan-reads").getByText(tag).waitFor();
    }
    await dialog.getByLabel("MIC-0002 状態").selectOption("lost");
    await dialog.getByRole("button", { name: "2個を入庫する" }).click();
    await dialog.waitFor({ state: "hidden" });
    await phone.goto(`/units/${seeded.units[1]!.id}`);
    await phone.getByTestId("unit-where").getByText("紛失中").waitFor();
    await screenshot(phone, "units-unit-page-lost-phone");
    await phone.getByRole("button", { name: "発見を記録" }).click();
    await phone.getByTestId("unit-where").getByText("倉庫").waitFor();
    await phone
      .getByTestId("unit-movements")
      .getByText(/入庫（紛失）/)
      .waitFor();
  });

  step(
    "the item screen (1366 px and the phone) lists the units where they are, live; one more unit is added",
    async () => {
      const week = new Date().toISOString().slice(0, 10).split("-").join("/");
      const laptop = await suite.newPage(LAPTOP);
      await login(laptop, OWNER.email);
      await laptop.goto(`/item/${week}`);
      await laptop.getByRole("button", { name: "ワイヤレスマイク", exact: true }).click();
      const detail = laptop.getByRole("dialog", { name: "アイテム詳細" });
      const units = detail.getByRole("region", { name: "個体管理" });
      await units.getByText("個体管理：個体管理あり").waitFor();
      const rowOfTag = (tag: string) =>
        units.getByRole("row").filter({ has: laptop.getByRole("link", { name: `${tag}の詳細` }) });
      await rowOfTag("MIC-0001").getByText("倉庫").waitFor();
      await rowOfTag("MIC-0003").getByText("出庫中（市民ホール公演）").waitFor();
      // The other case's unit comes back on the phone's board: the desktop's list follows.
      await phone.goto("/warehouse");
      const otherLine = rowOf(phone.locator("body"), "ワイヤレスマイク", "listitem")
        .filter({ has: phone.getByText("1個", { exact: true }) })
        .first();
      await otherLine.getByRole("button", { name: /^入庫：/ }).click();
      const dialog = phone.getByRole("dialog", { name: "ワイヤレスマイクの入庫（個体）" });
      await dialog.getByText("一覧から選ぶ").click();
      await dialog.getByRole("button", { name: "MIC-0003", exact: true }).click();
      await dialog.getByRole("button", { name: "1個を入庫する" }).click();
      await dialog.waitFor({ state: "hidden" });
      await rowOfTag("MIC-0003").getByText("倉庫").waitFor();
      await units.getByRole("button", { name: "個体を追加" }).click();
      await rowOfTag("MIC-0004").waitFor();
      await screenshot(laptop, "units-item-desktop");
      await phone.goto(`/item/${week}`);
      await phone.getByRole("button", { name: "ワイヤレスマイク", exact: true }).click();
      await phone
        .getByRole("dialog", { name: "アイテム詳細" })
        .getByRole("link", { name: "MIC-0004の詳細" })
        .waitFor();
      await expectNoPageOverflow(phone);
      await screenshot(phone, "units-item-phone");
    },
  );

  step(
    "the header's scan on any screen: the phone's camera opens the unit's page, a wedge on the desktop, an unknown tag",
    async () => {
      // On the phone's board, the label in the camera's view opens MIC-0001's page.
      await phone.goto("/warehouse");
      await phone.getByRole("button", { name: "ラベルをスキャン" }).waitFor();
      const started = Date.now();
      await phone.getByRole("button", { name: "ラベルをスキャン" }).click();
      const dialog = phone.getByRole("dialog", { name: "個体のラベルをスキャン" });
      await dialog.waitFor();
      await screenshot(phone, "units-global-scan-phone");
      await phone.waitForURL(new RegExp(`/units/${seeded.units[0]!.id}$`));
      await phone.getByRole("heading", { name: "個体 MIC-0001" }).waitFor();
      timings.headerScanToUnitPage = Date.now() - started;
      // A keyboard-wedge scanner on the desktop's case list (no field focused): MIC-0002's page. Its keys are
      // dispatched in one go in the page, as a scanner types them (a few ms apart): Playwright's typing on
      // this shared machine can leave more than the wedge's 50 ms between keys.
      await desk.goto("/sets");
      await desk.getByRole("button", { name: "ラベルをスキャン" }).waitFor();
      await desk.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        for (const key of [..."MIC-0002", "Enter"])
          document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      });
      await desk.waitForURL(new RegExp(`/units/${seeded.units[1]!.id}$`));
      // At 1366 px, an unknown tag typed into the dialog's box is said in words. This browser has no camera:
      // its refusal, whenever it comes, has a line of its own and leaves the answer in place.
      const laptop = await suite.newPage(LAPTOP);
      await login(laptop, OWNER.email);
      await laptop.getByRole("button", { name: "ラベルをスキャン" }).click();
      const deskDialog = laptop.getByRole("dialog", { name: "個体のラベルをスキャン" });
      await deskDialog.waitFor();
      await deskDialog.getByLabel("管理番号（スキャンまたは入力）").fill("NOPE-404");
      await deskDialog.getByLabel("管理番号（スキャンまたは入力）").press("Enter");
      await deskDialog.getByText("管理番号「NOPE-404」の個体はありません").waitFor();
      await deskDialog.getByText("カメラを起動できませんでした", { exact: false }).waitFor();
      expect(await deskDialog.getByText("管理番号「NOPE-404」の個体はありません").isVisible()).toBe(true);
      await screenshot(laptop, "units-global-scan-unknown-laptop");
    },
  );
});
