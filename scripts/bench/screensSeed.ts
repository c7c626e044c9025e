/**
 * The data the signed-in screens show in the web client's benchmarks (lighthouse.ts, pageProfile.ts,
 * lanternPath.ts), and how their tabs are signed in.
 */
import type { Page } from "puppeteer-core";
import { api, BENCH_PASSWORD, benchGroup } from "./benchApi";

const DAY = 24 * 3600 * 1000;

/** A group with stock, cases and shipped items: what the signed-in pages show. Returns the case to open. */
export async function seedScreens(base: string): Promise<{ email: string; caseId: number }> {
  const { group, access, category, email } = await benchGroup(base);
  const items: number[] = [];
  for (let i = 1; i <= 40; i++) {
    const item = await api(base, "POST", "/api/items/", access, {
      title: `ワイヤレスマイク ${String(i).padStart(2, "0")}`,
      category: category.id,
      stock_quantity: 20,
      note: "",
      group: group.id,
    });
    items.push(item.id);
  }
  // Cases around today: some go out today or tomorrow (the warehouse board), some come back.
  const today = Date.now();
  const caseIds: number[] = [];
  for (let c = 0; c < 12; c++) {
    const start = today + (c - 4) * DAY;
    const kase = await api(base, "POST", "/api/workcases/", access, {
      title: `展示会 ${c + 1}`,
      start_date: new Date(start).toISOString(),
      end_date: new Date(start + 2 * DAY).toISOString(),
      note: "",
      group: group.id,
    });
    caseIds.push(kase.id);
    for (let k = 0; k < 6; k++) {
      const item = items[(c * 3 + k) % items.length];
      await api(base, "POST", `/api/additem/${item}/${kase.id}/`, access);
    }
  }
  return { email, caseId: caseIds[4]! };
}

/** A fresh access token of the seeded owner. */
export async function screensToken(base: string, email: string): Promise<string> {
  return (await api(base, "POST", "/api/token/", undefined, { email, password: BENCH_PASSWORD }))
    .access as string;
}

/**
 * Puts `token` into the tab's sessionStorage on the app's origin, where the client reads it (spec §9): a tiny
 * JSON page of the app gets the tab there, and the page opened next starts signed in.
 */
export async function signInTab(page: Page, url: string, token: string): Promise<void> {
  await page.goto(new URL("/api/healthz", url).toString());
  // Runs in the page: sessionStorage is the browser's (scripts are type-checked without the DOM library).
  await page.evaluate(
    (t) =>
      (
        globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
      ).sessionStorage.setItem("access_token", t),
    token,
  );
}
