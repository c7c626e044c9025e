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
      "::ffff:7f00:1",
      "203.0.113.9",
      "192.0.0.8",
      "255.255.255.255",
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ["8.8.8.8", "93.184.215.14", "2001:4860:4860::8888", "::ffff:8.8.8.8"])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it("judges IPv6 forms that carry an IPv4 address by it, and refuses those it cannot judge", () => {
    for (const a of [
      "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
      "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254
      "2002:7f00:1::", // 6to4 of 127.0.0.1
      "2002:a00:1::1", // 6to4 of 10.0.0.1
      "2001::1", // Teredo
      "64:ff9b:1::1", // local-use NAT64
      "::7f00:1", // IPv4-compatible (deprecated) 127.0.0.1
      "::808:808", // IPv4-compatible (deprecated) 8.8.8.8
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ["64:ff9b::808:808", "2002:808:808::1"])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
    expect(checkWebhookUrl("http://[64:ff9b::7f00:1]:3000/", false)).toBe("privateUrl");
    expect(checkWebhookUrl("http://[2002:7f00:1::]/", false)).toBe("privateUrl");
  });

  it("checks a URL as it is saved", () => {
    expect(checkWebhookUrl("https://hooks.slack.com/services/T/B/X", false)).toBeUndefined();
    expect(checkWebhookUrl("http://93.184.215.14:8080/in", false)).toBeUndefined();
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
