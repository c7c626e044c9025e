import { startReceiver } from "./delivery.testkit";
import { callWebhook } from "./webhookCall.service";
import { checkWebhookUrl, isPublicAddress } from "./webhookTarget.input";

/** SSRF (docs/decisions.md, "Webhook targets"): the addresses a webhook may reach, when saved and when called. */
describe("webhook targets", () => {
  it("refuses the server's own networks, allows public addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ["8.8.8.8", "203.0.113.9", "2001:4860:4860::8888", "::ffff:8.8.8.8"])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it("checks a URL as it is saved", () => {
    expect(checkWebhookUrl("https://hooks.slack.com/services/T/B/X", false)).toBeUndefined();
    expect(checkWebhookUrl("http://203.0.113.9:8080/in", false)).toBeUndefined();
    for (const url of [
      "http://127.0.0.1/",
      "http://[::1]/",
      "http://localhost:3000/",
      "http://metadata/",
      "http://169.254.169.254/latest",
    ])
      expect([url, checkWebhookUrl(url, false)]).toEqual([url, "privateUrl"]);
    for (const url of ["ftp://example.com/", "javascript:alert(1)", "https://u:p@example.com/", "nonsense"])
      expect([url, checkWebhookUrl(url, false)]).toEqual([url, "badUrl"]);
    expect(checkWebhookUrl("http://127.0.0.1:9999/", true)).toBeUndefined();
  });

  it("never connects to a private address when called, by a name or an address, unless allowed", async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      const byName = await callWebhook(`http://localhost:${port}/hook`, "{}", {}, 1_000, false);
      const byAddress = await callWebhook(`http://127.0.0.1:${port}/hook`, "{}", {}, 1_000, false);
      expect([byName.ok, byName.error, byAddress.ok, byAddress.error]).toEqual([
        false,
        "EPRIVATE",
        false,
        "EPRIVATE",
      ]);
      expect(receiver.received).toEqual([]);
      const allowed = await callWebhook(`http://localhost:${port}/hook`, "{}", {}, 1_000, true);
      expect([allowed.ok, allowed.status]).toEqual([true, 200]);
      expect(receiver.received.length).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});
