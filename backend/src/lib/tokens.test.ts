import { signAccessToken, verifyAccessToken } from "./tokens";

/** Verified tokens are remembered (tokens.ts); these are the answers that must not change because of it. */
describe("verifyAccessToken", () => {
  const secret = "tokens-test-secret";
  const start = new Date("2026-11-23T09:00:00.250Z");

  beforeEach(() => jest.useFakeTimers({ now: start }));
  afterEach(() => jest.useRealTimers());

  it("accepts a token until its expiry and refuses it from then on, though it was accepted before", () => {
    const token = signAccessToken(secret, 7, 3, 60);
    expect(verifyAccessToken(secret, token)).toEqual({ userId: 7, groupId: 3 });
    jest.setSystemTime(start.getTime() + 59_000);
    expect(verifyAccessToken(secret, token)).toEqual({ userId: 7, groupId: 3 });
    // `exp` is whole seconds: the token was signed at 09:00:00 and ends at 09:01:00.000.
    jest.setSystemTime(new Date("2026-11-23T09:01:00.000Z"));
    expect(verifyAccessToken(secret, token)).toBeUndefined();
    expect(verifyAccessToken(secret, token)).toBeUndefined();
  });

  it("refuses a token accepted under one secret when checked with another", () => {
    const token = signAccessToken(secret, 7, 3, 60);
    expect(verifyAccessToken(secret, token)).toBeDefined();
    expect(verifyAccessToken("another-secret", token)).toBeUndefined();
  });

  it("refuses a token whose claims were changed after an accepted one", () => {
    const token = signAccessToken(secret, 7, 3, 60);
    expect(verifyAccessToken(secret, token)).toBeDefined();
    const [header, payload, signature] = token.split(".");
    const otherGroup = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), gid: 4 }),
    ).toString("base64url");
    expect(verifyAccessToken(secret, `${header}.${otherGroup}.${signature}`)).toBeUndefined();
  });
});
