import { readFileSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import type { RunningServer } from "../server";
import { setCookieLine, signUpOwner } from "../test/api";
import { startTestServer } from "../test/testServer";
import { createRateLimits } from "./rateLimit";

const ROOT = path.resolve(__dirname, "../../..");
const PER_IP = 3;

// HTTP-level behaviour: one database is enough (three servers at once are slow to start under a full run).
describe("client address and protocol behind a trusted proxy", () => {
  const driver = "pglite";
  let proxied: RunningServer;
  let direct: RunningServer;
  let plain: RunningServer;
  beforeAll(async () => {
    proxied = await startTestServer(driver, {
      config: { trustProxy: true, trustProxyHops: 1 },
      rateLimits: createRateLimits({ perIpPerMinute: PER_IP }),
    });
    direct = await startTestServer(driver, { rateLimits: createRateLimits({ perIpPerMinute: PER_IP }) });
    plain = await startTestServer(driver);
  }, 120_000);
  afterAll(async () => {
    await proxied.close();
    await direct.close();
    await plain.close();
  });

  const tokenCall = (server: RunningServer, forwardedFor?: string) => {
    const call = request(server.url).post("/api/token/");
    if (forwardedFor) call.set("X-Forwarded-For", forwardedFor);
    return call.send({ email: "nobody@example.com", password: "wrong-password" });
  };

  it("counts the address the nearest proxy saw, whatever the client wrote before it", async () => {
    const statuses: number[] = [];
    // The client rotates a made-up first entry; the proxy's own entry (the last) stays the same.
    for (let i = 0; i <= PER_IP; i++)
      statuses.push((await tokenCall(proxied, `198.51.100.${i}, 203.0.113.7`)).status);
    expect(statuses).toEqual([...Array(PER_IP).fill(401), 429]);
    // Another client behind the same proxy has its own budget.
    expect((await tokenCall(proxied, "198.51.100.0, 203.0.113.8")).status).toBe(401);
  });

  it("without TRUST_PROXY, X-Forwarded-For is ignored: every call is the connection's address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_IP; i++) statuses.push((await tokenCall(direct, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([...Array(PER_IP).fill(401), 429]);
  });

  it("marks the session cookies Secure when the trusted proxy says the request came over HTTPS", async () => {
    const owner = await signUpOwner(proxied);
    const login = (server: RunningServer, proto?: string) => {
      const call = request(server.url).post("/api/token/").set("X-Forwarded-For", "192.0.2.50");
      if (proto) call.set("X-Forwarded-Proto", proto);
      return call.send({ email: owner.email, password: owner.password }).expect(200);
    };
    const https = await login(proxied, "https");
    expect(setCookieLine(https, "refresh_token")).toMatch(/;\s*secure/i);
    expect(setCookieLine(https, "csrftoken")).toMatch(/;\s*secure/i);
    const http = await login(proxied, "http");
    expect(setCookieLine(http, "refresh_token")).not.toMatch(/;\s*secure/i);

    // A server that trusts no proxy does not believe the header.
    const directOwner = await signUpOwner(plain);
    const forged = await request(plain.url)
      .post("/api/token/")
      .set("X-Forwarded-Proto", "https")
      .send({ email: directOwner.email, password: directOwner.password })
      .expect(200);
    expect(setCookieLine(forged, "refresh_token")).not.toMatch(/;\s*secure/i);
  });
});

describe("the shipped proxy set-up", () => {
  it("nginx replaces X-Forwarded-For with the address it saw, and the apps trust one hop", () => {
    const nginx = readFileSync(path.join(ROOT, "deploy/nginx.conf"), "utf8");
    expect(nginx).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;/);
    expect(nginx).not.toContain("$proxy_add_x_forwarded_for");
    expect(nginx).toMatch(/proxy_set_header\s+X-Forwarded-Proto\s+\$scheme;/);
    // nginx inherits proxy_set_header into a location only when it sets none of its own: every location
    // that proxies to the apps must set the client's headers itself.
    const locations = nginx.split(/\n\s*location\s/).slice(1);
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations) {
      if (!location.includes("proxy_pass")) continue;
      expect(location).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;/);
      expect(location).toMatch(/proxy_set_header\s+X-Forwarded-Proto\s+\$scheme;/);
      expect(location).toMatch(/proxy_set_header\s+Host\s+\$host;/);
    }
    const compose = readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8");
    expect(compose).toMatch(/TRUST_PROXY: "1"/);
    expect(compose).toMatch(/TRUST_PROXY_HOPS: "1"/);
  });
});
