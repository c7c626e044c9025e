import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import { createRateLimits } from "../../middlewares/rateLimit";
import type { RunningServer } from "../../server";
import { signUpOwner, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";

describeOnDatabases("token rate limits", (driver) => {
  describe("per email", () => {
    let server: RunningServer;
    const attempt = (email: string, password: string) =>
      request(server.url).post("/api/token/").send({ email, password });

    beforeAll(async () => {
      server = await startTestServer(driver, {
        rateLimits: createRateLimits({ perEmail: 3, perIpPerMinute: 100_000 }),
      });
    });
    afterAll(() => server.close());

    it("answers 429 with a Japanese detail and Retry-After after 3 failures, even with the right password", async () => {
      const owner = await signUpOwner(server);
      for (let i = 0; i < 3; i++) await attempt(owner.email, "wrong-password").expect(401);
      const res = await attempt(owner.email, owner.password).expect(429);
      expect(res.body).toEqual({ detail: ja.errors.rateLimited });
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.headers["set-cookie"]).toBeUndefined();
    });

    it("counts the email case-insensitively", async () => {
      const owner = await signUpOwner(server);
      await attempt(owner.email.toUpperCase(), "wrong-password").expect(401);
      await attempt(owner.email, "wrong-password").expect(401);
      await attempt(` ${owner.email} `, "wrong-password").expect(401);
      await attempt(owner.email, owner.password).expect(429);
    });

    it("resets the email's counter on a successful login", async () => {
      const owner = await signUpOwner(server);
      for (let i = 0; i < 2; i++) await attempt(owner.email, "wrong-password").expect(401);
      await attempt(owner.email, owner.password).expect(200);
      // Without the reset, the second of these would already be refused.
      for (let i = 0; i < 3; i++) await attempt(owner.email, "wrong-password").expect(401);
      await attempt(owner.email, owner.password).expect(429);
    });

    it("limits one email without affecting another", async () => {
      const blocked = await signUpOwner(server);
      const other = await signUpOwner(server);
      for (let i = 0; i < 3; i++) await attempt(blocked.email, "wrong-password").expect(401);
      await attempt(blocked.email, blocked.password).expect(429);
      await attempt(other.email, other.password).expect(200);
    });
  });

  describe("per IP", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startTestServer(driver, {
        rateLimits: createRateLimits({ perEmail: 1000, perIpPerMinute: 5 }),
      });
    });
    afterAll(() => server.close());

    it("answers 429 once the address has used its budget, whatever the email", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await request(server.url)
          .post("/api/token/")
          .send({ email: `${unique("ip")}@example.com`, password: "password1" });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body).toEqual({ detail: ja.errors.rateLimited });
          expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it("applies the same budget to refresh calls", async () => {
      const res = await request(server.url).post("/api/token/refresh/").expect(429);
      expect(res.body).toEqual({ detail: ja.errors.rateLimited });
    });
  });
});
