import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  describeInBrowser,
  launchBrowser,
  newContext,
  type RunningApp,
  screenshot,
  startApp,
} from "./harness";

const PASSWORD = "password1";
const EMAIL = "reconnect@example.com";

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

async function call(url: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown> & { id: number };
}

const rowOf = (page: Page, scope: ReturnType<Page["locator"]>, text: string) =>
  scope.getByRole("row").filter({ has: page.getByText(text, { exact: true }) });

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
    const group = await call(app.url, "POST", "/api/groups/", { name: "再接続テスト" });
    await call(app.url, "POST", "/api/signup/", {
      email: EMAIL,
      password: PASSWORD,
      groups: group.id,
      first_name: "花子",
      last_name: "倉庫",
      is_owner: true,
    });
    const { access } = (await call(app.url, "POST", "/api/token/", { email: EMAIL, password: PASSWORD })) as {
      access: string;
    } & { id: number };
    const api = (method: string, path: string, body?: unknown) => call(app.url, method, path, body, access);
    const category = await api("POST", "/api/categories/", { category: "音響", group: group.id });
    const speaker = await api("POST", "/api/items/", {
      title: "スピーカー",
      category: category.id,
      stock_quantity: 5,
      note: "",
      group: group.id,
    });
    const kase = await api("POST", "/api/workcases/", {
      title: "秋祭り",
      start_date: "2030-10-01T09:00:00+09:00",
      end_date: "2030-10-03T18:00:00+09:00",
      note: "",
      group: group.id,
    });

    context = await newContext(browser, proxy.url);
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("メールアドレス").fill(EMAIL);
    await page.getByLabel("パスワード").fill(PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await page.waitForURL("**/workcase");
    await page.goto(`/orderitems/${kase.id}`);
    const shipped = page.locator("section.case-card").first();
    const inventory = page.locator("section.case-card").nth(1);
    await rowOf(page, inventory, "スピーカー").getByText("5 / 5").waitFor();

    // Live while connected, as a control that the page listens at all.
    await api("POST", `/api/additem/${speaker.id}/${kase.id}/`);
    await rowOf(page, inventory, "スピーカー").getByText("4 / 5").waitFor();

    // The connection drops; meanwhile a colleague allocates two more and adds a new item.
    proxy.cut();
    await api("POST", `/api/additem/${speaker.id}/${kase.id}/`);
    await api("POST", `/api/additem/${speaker.id}/${kase.id}/`);
    await api("POST", "/api/items/", {
      title: "ワイヤレスマイク",
      category: category.id,
      stock_quantity: 4,
      note: "",
      group: group.id,
    });
    // Nothing can have reached the page: it still shows the old numbers.
    await page.waitForTimeout(500);
    expect(await rowOf(page, inventory, "スピーカー").getByText("4 / 5").count()).toBe(1);

    // Back in coverage: the socket reconnects and the page refetches what it shows.
    proxy.restore();
    await rowOf(page, inventory, "スピーカー").getByText("2 / 5").waitFor({ timeout: 20_000 });
    await rowOf(page, shipped, "スピーカー").getByText("3", { exact: true }).waitFor();
    await rowOf(page, inventory, "ワイヤレスマイク").getByText("4 / 4").waitFor();

    // And it is live again afterwards.
    await api("POST", `/api/reduceitem/${speaker.id}/${kase.id}/`);
    await rowOf(page, inventory, "スピーカー").getByText("3 / 5").waitFor();
    await screenshot(page, "reconnect-converged");
  }, 120_000);
});
