import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from "node:crypto";
import jwt from "jsonwebtoken";
import { ExpiringMap } from "./expiringMap";

const ISSUER = "zaiko-kanri";
const AUDIENCE = "zaiko-kanri-web";

/** What an access token asserts. The user's membership is still checked per request. */
export interface AccessClaims {
  sub: string;
  gid: number;
}

/** Signs a short-lived access token (HS256, explicit issuer and audience). */
export function signAccessToken(secret: string, userId: number, groupId: number, ttlSeconds: number): string {
  return jwt.sign({ gid: groupId }, secret, {
    algorithm: "HS256",
    subject: String(userId),
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

const secretKeys = new Map<string, KeyObject>();
/**
 * The secret as a KeyObject, made once: given a string, jsonwebtoken first tries it as a public key on
 * every call, which showed in the server's profile on every request.
 */
function secretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, "utf8"));
    secretKeys.set(secret, key);
  }
  return key;
}

/** Tokens kept per secret; past this many, the oldest is forgotten. */
const VERIFIED_TOKENS_MAX = 10_000;
const verifiedTokens = new Map<string, ExpiringMap<string, { userId: number; groupId: number }>>();

/**
 * Verifies an access token; undefined when it is malformed, expired or signed otherwise.
 * A token that verified is remembered until its expiry, per secret: the signature, the claims and the
 * JSON are checked once per token rather than on every request of a session. Only what passed is
 * kept, so a forged token is checked in full every time; whether the member is still active is checked
 * per request elsewhere (middlewares/auth.ts), so nothing about revocation changes.
 */
export function verifyAccessToken(
  secret: string,
  token: string,
): { userId: number; groupId: number } | undefined {
  let verified = verifiedTokens.get(secret);
  if (!verified) {
    verified = new ExpiringMap(VERIFIED_TOKENS_MAX);
    verifiedTokens.set(secret, verified);
  }
  // Kept until the millisecond jsonwebtoken starts refusing it: the second of its `exp`.
  const known = verified.get(token);
  if (known) return { userId: known.userId, groupId: known.groupId };
  try {
    const claims = jwt.verify(token, secretKey(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof claims !== "object" || claims === null) return undefined;
    const userId = Number(claims.sub);
    const groupId = Number((claims as Partial<AccessClaims>).gid);
    if (!Number.isInteger(userId) || !Number.isInteger(groupId)) return undefined;
    if (typeof claims.exp === "number") verified.set(token, { userId, groupId }, claims.exp * 1000);
    return { userId, groupId };
  } catch {
    return undefined;
  }
}

/** A refresh token is `<row id>.<secret>`; only a hash of the secret is stored. */
export function newRefreshToken(): { id: string; secret: string; hash: string; cookieValue: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString("base64url");
  return { id, secret, hash: hashSecret(secret), cookieValue: `${id}.${secret}` };
}

export function parseRefreshCookie(value: string | undefined): { id: string; hash: string } | undefined {
  if (!value) return undefined;
  const [id, secret, extra] = value.split(".");
  if (!id || !secret || extra !== undefined || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return { id, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Signed double-submit CSRF token: `<nonce>.<hmac(nonce)>`, so a token planted by a sibling domain fails. */
export function newCsrfToken(secret: string): string {
  const nonce = randomBytes(18).toString("base64url");
  return `${nonce}.${createHmac("sha256", secret).update(nonce).digest("base64url")}`;
}

export function isValidCsrfToken(secret: string, token: string): boolean {
  const [nonce, mac, extra] = token.split(".");
  if (!nonce || !mac || extra !== undefined) return false;
  const expected = createHmac("sha256", secret).update(nonce).digest();
  const given = Buffer.from(mac, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time string comparison for header vs cookie. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
