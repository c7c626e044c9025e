import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import type { Browser, BrowserContext } from "playwright-core";
import {
  describeInBrowser,
  launchBrowser,
  newContext,
  type RunningApp,
  screenshot,
  startApp,
} from "./harness";
import { login, request, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "reconnect@example.com", group: "再接続テスト", first: "花子", last: "倉庫" };

/**
 * A TCP proxy between the browser and the app that the test can cut: every open connection (the
 * websocket included) is dropped and new ones are refused until it is restored — what a phone
 * walking into the warehouse's dead spot does to the socket.
 */
class CuttableProxy {
  private readonly open = new Set<Socket>();
  private refusing = false;
  private server: Server | undefined;
  url = "";

  constructor(private readonly target: URL) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (this.refusing) {
        client.destroy();
        return;
      }
      const upstream = tcpConnect(Number(this.target.port), this.target.hostname);
      for (const s of [client, upstream]) {
        this.open.add(s);
        s.on("error", () => undefined);
        s.on("close", () => {
          this.open.delete(s);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  cut(): void {
    this.refusing = true;
    for (const s of this.open) s.destroy();
  }

  restore(): void {
    this.refusing = false;
  }

  stop(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** An API call that must succeed: the journey's setup, not what it tests. */
async function call(url: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await request(url, method, path, body, token);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown> & { id: number };
}

describeInBrowser("a client that loses its connection while others change things", () => {
  let app: RunningApp;
  let proxy: CuttableProxy;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    app = await startApp();
    proxy = new CuttableProxy(new URL(app.url));
    await proxy.start();
    browser = await launchBrowser();
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await proxy?.stop();
    await app?.stop();
  });

  it("catches up with the server after it reconnects", async () => {
    const { groupId } = await signUpOwner(app.url, OWNER);
    const access = await tokenFor(app.url, OWNER.email);
    const api = (method: string, path: string, body?: unknown) => call(app.url, method, path, body, access);
    const category = await api("POST", "/api/categories/", { category: "音響", group: groupId });
    const speaker = await api("POST", "/api/items/", {
      title: "スピーカー",
      category: category.id,
      stock_quantity: 5,
      note: "",
      group: groupId,
    });
    const kase = await api("POST", "/api/workcases/", {
      title: "秋祭り",
      start_date: "2030-10-01T09:00:00+09:00",
      end_date: "2030-10-03T18:00:00+09:00",
      note: "",
      group: groupId,
    });

    context = await newContext(browser, proxy.url);
    const page = await context.newPage();
    await login(page, OWNER.email);
    await page.goto(`/orderitems/${kase.id}`);
    const shipped = page.locator("section.case-card").first();
    const inventory = page.locator("section.case-card").nth(1);
    await rowOf(inventory, "スピーカー").getByText("5 / 5").waitFor();

    // Live while connected, as a control that the page listens at all.
    await api("POST", `/api/additem/${speaker.id}/${kase.id}/`);
    await rowOf(inventory, "スピーカー").getByText("4 / 5").waitFor();

    // The connection drops; meanwhile a colleague allocates two more and adds a new item.
    proxy.cut();
    await api("POST", `/api/additem/${speaker.id}/${kase.id}/`);
    await api("POST", `/api/additem/${speaker.id}/${kase.id}/`);
    await api("POST", "/api/items/", {
      title: "ワイヤレスマイク",
      category: category.id,
      stock_quantity: 4,
      note: "",
      group: groupId,
    });
    // Nothing can have reached the page: it still shows the old numbers.
    await page.waitForTimeout(500);
    expect(await rowOf(inventory, "スピーカー").getByText("4 / 5").count()).toBe(1);

    // Back in coverage: the socket reconnects and the page refetches what it shows.
    proxy.restore();
    await rowOf(inventory, "スピーカー").getByText("2 / 5").waitFor({ timeout: 20_000 });
    await rowOf(shipped, "スピーカー").getByText("3", { exact: true }).waitFor();
    await rowOf(inventory, "ワイヤレスマイク").getByText("4 / 4").waitFor();

    // And it is live again afterwards.
    await api("POST", `/api/reduceitem/${speaker.id}/${kase.id}/`);
    await rowOf(inventory, "スピーカー").getByText("3 / 5").waitFor();
    await screenshot(page, "reconnect-converged");
  }, 120_000);
});
