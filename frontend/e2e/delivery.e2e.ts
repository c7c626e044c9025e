import type { Page } from "playwright-core";
import { describeInBrowser, journeySteps, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { callApi, expectNoPageOverflow, login, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "webhook-owner@example.com", group: "仙台配送センター", first: "健", last: "東北" };

/**
 * The owner of 仙台配送センター sets up a webhook (the app's server sends no mail: SMTP_URL is unset in the
 * journeys) and chooses her mails on her profile. The journey app runs without WEBHOOK_ALLOW_PRIVATE, so a
 * receiver on this machine is refused: the webhook points at a public name, and its test call fails in the log.
 */
describeInBrowser("mail choices and webhooks journey", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 20_000 });
  const step = journeySteps();
  let desk: Page;
  let phone: Page;
  let ownerId: number;

  beforeAll(async () => {
    await signUpOwner(suite.app.url, OWNER);
    const token = await tokenFor(suite.app.url, OWNER.email);
    const info = (await callApi(suite.app.url, "GET", "/api/user-info/", undefined, token)) as {
      user: { id: number };
    };
    ownerId = info.user.id;
  }, 60_000);

  step("1. from メンバーリスト to the Webhook screen; an address inside the network is refused", async () => {
    desk = await suite.newPage(LAPTOP);
    await login(desk, OWNER.email);
    await desk.goto("/user");
    await desk.getByRole("link", { name: "Webhook", exact: true }).click();
    await desk.getByRole("heading", { name: "Webhook", exact: true }).waitFor();
    await desk.getByText("Webhookはまだ登録されていません。").waitFor();
    await desk.getByLabel("送信先URL").fill("http://127.0.0.1:9/hook");
    await desk.getByRole("button", { name: "Webhookを追加" }).click();
    await desk.getByText("社内ネットワークやこのサーバー自身のアドレスには送信できません。").waitFor();
    await desk.locator(".p-dialog-footer").getByRole("button", { name: "閉じる" }).click();
  });

  step(
    "2. a public URL in the Slack format: the secret is shown once; テスト送信 shows in the log",
    async () => {
      await desk.getByLabel("送信先URL").fill("https://hooks.example.invalid/zaiko");
      await desk.getByLabel("形式").selectOption("slack");
      await desk.getByRole("button", { name: "Webhookを追加" }).click();
      const secret = desk.getByLabel("署名シークレット");
      await secret.waitFor();
      expect(await secret.inputValue()).toMatch(/^whsec_/);
      await desk.getByText("https://hooks.example.invalid/zaiko").waitFor();
      await desk.getByRole("button", { name: "テスト送信" }).click();
      // The name does not resolve: the sender's attempt fails and the log says so (refreshed every 3 s).
      await desk.getByRole("cell", { name: "webhook.test" }).waitFor();
      await desk.getByRole("cell", { name: /ENOTFOUND|EAI_AGAIN|EPRIVATE/ }).waitFor({ timeout: 15_000 });
      await screenshot(desk, "webhooks-1366");
      phone = await suite.newPage(PHONE);
      await login(phone, OWNER.email);
      await phone.goto("/webhooks");
      await phone.getByRole("cell", { name: "webhook.test" }).waitFor();
      await expectNoPageOverflow(phone);
      await screenshot(phone, "webhooks-phone");
    },
  );

  step("3. her profile: メール通知 says the server sends none, and keeps her choice", async () => {
    await desk.goto(`/useredit/${ownerId}`);
    await desk.getByRole("heading", { name: "メール通知" }).waitFor();
    await desk
      .getByText(
        "このサーバーではメール送信が設定されていません（SMTP_URL・MAIL_FROM）。設定は保存されます。",
      )
      .waitFor();
    const reminder = desk.getByLabel("自分の仮押さえの期限の24時間前のお知らせ");
    expect(await reminder.isChecked()).toBe(true);
    const digest = desk.getByLabel("毎朝8時のまとめ（延滞と本日の出庫・入庫）");
    expect(await digest.isChecked()).toBe(false);
    await digest.check();
    await desk.getByRole("button", { name: "メール通知を保存" }).click();
    await desk.getByText("メール通知の設定を保存しました").waitFor();
    await desk.getByRole("heading", { name: "メール通知" }).scrollIntoViewIfNeeded();
    await screenshot(desk, "mail-settings-1366");
    await phone.goto(`/useredit/${ownerId}`);
    await phone.getByRole("heading", { name: "メール通知" }).waitFor();
    expect(await phone.getByLabel("毎朝8時のまとめ（延滞と本日の出庫・入庫）").isChecked()).toBe(true);
    await expectNoPageOverflow(phone);
    await screenshot(phone, "mail-settings-phone");
  });
});
