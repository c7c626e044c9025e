import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import {
  ageRotations,
  bearer,
  cookieHeader,
  cookiesOf,
  login,
  ownerWithStaff,
  refresh,
  setCookieLine,
  signUpOwner,
  signUpStaff,
  unique,
} from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";

describeOnDatabases("auth", (driver) => {
  let server: RunningServer;
  const api = () => request(server.url);
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  describe("POST /api/token/", () => {
    it("answers {access} with an httpOnly SameSite=Lax refresh cookie and a readable csrftoken", async () => {
      const owner = await signUpOwner(server);
      const res = await api()
        .post("/api/token/")
        .send({ email: owner.email, password: owner.password })
        .expect(200);
      expect(res.body).toEqual({ access: expect.any(String) });
      const refreshLine = setCookieLine(res, "refresh_token")!.toLowerCase();
      expect(refreshLine).toContain("httponly");
      expect(refreshLine).toContain("samesite=lax");
      const csrfLine = setCookieLine(res, "csrftoken")!.toLowerCase();
      expect(csrfLine).not.toContain("httponly");
      expect(csrfLine).toContain("samesite=lax");
      expect(cookiesOf(res).csrftoken).toMatch(/\S+\.\S+/);
    });

    it("accepts the email in any case", async () => {
      const owner = await signUpOwner(server);
      await api()
        .post("/api/token/")
        .send({ email: owner.email.toUpperCase(), password: owner.password })
        .expect(200);
    });

    it("answers 401 {detail} to a wrong password, without cookies", async () => {
      const owner = await signUpOwner(server);
      const res = await api()
        .post("/api/token/")
        .send({ email: owner.email, password: "wrong-password" })
        .expect(401);
      expect(res.body).toEqual({ detail: ja.errors.invalidCredentials });
      expect(res.headers["set-cookie"]).toBeUndefined();
    });

    it("answers the same 401 to an unknown email", async () => {
      const res = await api()
        .post("/api/token/")
        .send({ email: `${unique("nobody")}@example.com`, password: "password1" })
        .expect(401);
      expect(res.body).toEqual({ detail: ja.errors.invalidCredentials });
    });

    it("issues no token to inactive staff even with the right password", async () => {
      const owner = await signUpOwner(server);
      const staff = await signUpStaff(server, owner.groupId);
      const res = await api()
        .post("/api/token/")
        .send({ email: staff.email, password: staff.password })
        .expect(401);
      expect(res.body).toEqual({ detail: "メンバー権限がありません" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    });
  });

  describe("POST /api/token/refresh/", () => {
    it("refuses a request without the X-CSRFToken header", async () => {
      const owner = await signUpOwner(server);
      const res = await api()
        .post("/api/token/refresh/")
        .set("Cookie", cookieHeader(owner.cookies))
        .expect(403);
      expect(res.body).toEqual({ detail: ja.errors.csrfFailed });
    });

    it("refuses a header that differs from the cookie", async () => {
      const owner = await signUpOwner(server);
      const other = await signUpOwner(server);
      await api()
        .post("/api/token/refresh/")
        .set("Cookie", cookieHeader(owner.cookies))
        .set("X-CSRFToken", other.cookies.csrftoken!)
        .expect(403);
    });

    it("refuses a forged, unsigned csrftoken even when header and cookie match", async () => {
      const owner = await signUpOwner(server);
      const forged = { ...owner.cookies, csrftoken: "forged.value" };
      await refresh(server, forged).expect(403);
      await refresh(server, { ...owner.cookies, csrftoken: "plain" }).expect(403);
    });

    it("answers 401 without a refresh cookie", async () => {
      const owner = await signUpOwner(server);
      await refresh(server, { csrftoken: owner.cookies.csrftoken! }).expect(401);
    });

    it("rotates the refresh token and returns an access token that works", async () => {
      const owner = await signUpOwner(server);
      const res = await refresh(server, owner.cookies).expect(200);
      const next = cookiesOf(res);
      expect(next.refresh_token).toBeTruthy();
      expect(next.refresh_token).not.toBe(owner.cookies.refresh_token);
      const me = await api().get("/api/user-info/").set(bearer(res.body)).expect(200);
      expect(me.body.user.id).toBe(owner.userId);
      // The rotated pair works for the next refresh.
      await refresh(server, next).expect(200);
    });

    it("revokes the whole family when an old refresh token is presented again after the grace window", async () => {
      const owner = await signUpOwner(server);
      const second = cookiesOf(await refresh(server, owner.cookies).expect(200));
      const third = cookiesOf(await refresh(server, second).expect(200));
      await ageRotations(server, owner.userId, 31);
      // Replaying the first (already rotated) token: theft detected.
      await refresh(server, owner.cookies).expect(401);
      // The newest token of that family is now revoked too.
      await refresh(server, third).expect(401);
    });

    it("refuses a refresh for a user who has been deactivated", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      await api()
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(owner))
        .send({ is_member: false })
        .expect(200);
      // Told the truth, not "session expired": the client shows it on the login screen.
      const res = await refresh(server, staff.cookies).expect(401);
      expect(res.body).toEqual({ detail: ja.errors.membershipEnded });
    });

    it("answers without the trailing slash too", async () => {
      const owner = await signUpOwner(server);
      await api()
        .post("/api/token/refresh")
        .set("Cookie", cookieHeader(owner.cookies))
        .set("X-CSRFToken", owner.cookies.csrftoken!)
        .expect(200);
    });
  });

  describe("POST /api/logout/", () => {
    it("refuses a logout without the CSRF header", async () => {
      const owner = await signUpOwner(server);
      await api().post("/api/logout/").set("Cookie", cookieHeader(owner.cookies)).expect(403);
      // Nothing was revoked.
      await refresh(server, owner.cookies).expect(200);
    });

    it("answers 204, clears the cookies and revokes the refresh token", async () => {
      const owner = await signUpOwner(server);
      const res = await api()
        .post("/api/logout/")
        .set("Cookie", cookieHeader(owner.cookies))
        .set("X-CSRFToken", owner.cookies.csrftoken!)
        .expect(204);
      const cleared = cookiesOf(res);
      expect(cleared.refresh_token).toBe("");
      expect(cleared.csrftoken).toBe("");
      expect(setCookieLine(res, "refresh_token")).toMatch(/expires=Thu, 01 Jan 1970/i);
      await refresh(server, owner.cookies).expect(401);
    });
  });

  describe("GET /api/user-info/", () => {
    it("answers {id: group id, group: group name, user, time_zone: the business zone}", async () => {
      const name = unique("情報");
      const owner = await signUpOwner(server, { group: name });
      const res = await api().get("/api/user-info/").set(bearer(owner)).expect(200);
      expect(res.body).toEqual({
        id: owner.groupId,
        group: name,
        user: {
          id: owner.userId,
          email: owner.email,
          first_name: "太郎",
          last_name: "山田",
          is_member: true,
          is_owner: true,
          groups: [owner.groupId],
          version: 1,
        },
        time_zone: "Asia/Tokyo",
      });
    });

    it("answers 401 without a token and with a bad one", async () => {
      const none = await api().get("/api/user-info/").expect(401);
      expect(none.body).toEqual({ detail: ja.errors.unauthenticated });
      await api().get("/api/user-info/").set("Authorization", "Bearer not-a-jwt").expect(401);
      const owner = await signUpOwner(server);
      const tampered = `${owner.access.slice(0, -3)}abc`;
      await api().get("/api/user-info/").set("Authorization", `Bearer ${tampered}`).expect(401);
    });

    it("refuses a token signed with another secret", async () => {
      const other = await startTestServer("pglite");
      try {
        const foreign = await signUpOwner(other);
        await api().get("/api/user-info/").set(bearer(foreign)).expect(401);
      } finally {
        await other.close();
      }
    });
  });

  describe("revocation", () => {
    it("stops a deactivated user's existing access token at once", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      await api().get("/api/user-info/").set(bearer(staff)).expect(200);
      await api()
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(owner))
        .send({ is_member: false })
        .expect(200);
      await api().get("/api/user-info/").set(bearer(staff)).expect(401);
      await api().get("/api/user/").set(bearer(staff)).expect(401);
    });

    it("stops a deleted user's existing access token at once", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      await api().delete(`/api/user/${staff.userId}/`).set(bearer(owner)).expect(204);
      await api().get("/api/user-info/").set(bearer(staff)).expect(401);
      await refresh(server, staff.cookies).expect(401);
    });

    it("lets a reactivated user sign in again", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      await api()
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(owner))
        .send({ is_member: false })
        .expect(200);
      await api()
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(owner))
        .send({ is_member: true })
        .expect(200);
      const again = await login(server, staff.email, staff.password);
      await api().get("/api/user-info/").set(bearer(again)).expect(200);
    });
  });
});
