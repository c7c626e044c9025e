import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { ageRotations, bearer, cookieHeader, cookiesOf, refresh, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";

/**
 * The reuse grace window (REFRESH_REUSE_GRACE_SECONDS, 30 s by default): tabs of one browser that refresh
 * at the same moment, or a response lost on the way, present a token that was just rotated. Within the
 * window that gets a session of the same family; after it, reuse is theft and ends the family.
 */
describeOnDatabases("refresh token reuse grace window", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  const logout = (cookies: Record<string, string>) =>
    request(server.url)
      .post("/api/logout/")
      .set("Cookie", cookieHeader(cookies))
      .set("X-CSRFToken", cookies.csrftoken!)
      .expect(204);

  it("gives a rotated token presented again within the window a working session in the same family", async () => {
    const owner = await signUpOwner(server);
    const firstTab = cookiesOf(await refresh(server, owner.cookies).expect(200));
    // The second tab sent the same (now rotated) cookie a moment later.
    const res = await refresh(server, owner.cookies).expect(200);
    const secondTab = cookiesOf(res);
    expect(secondTab.refresh_token).toBeTruthy();
    expect(secondTab.refresh_token).not.toBe(firstTab.refresh_token);
    const me = await request(server.url).get("/api/user-info/").set(bearer(res.body)).expect(200);
    expect(me.body.user.id).toBe(owner.userId);
    // Both successors go on working: nothing was revoked.
    const afterFirst = cookiesOf(await refresh(server, firstTab).expect(200));
    await refresh(server, secondTab).expect(200);
    // Same family: one logout ends every branch of it, and the window does not revive it.
    await logout(afterFirst);
    await refresh(server, owner.cookies).expect(401);
    await refresh(server, secondTab).expect(401);
  });

  it("revokes the family when the rotated token comes back after the window", async () => {
    const owner = await signUpOwner(server);
    const next = cookiesOf(await refresh(server, owner.cookies).expect(200));
    await ageRotations(server, owner.userId, 31);
    const res = await refresh(server, owner.cookies).expect(401);
    expect(res.body).toEqual({ detail: ja.errors.refreshFailed });
    // The legitimate holder of the newest token is signed out too: the family is over.
    await refresh(server, next).expect(401);
  });

  it("refuses a stolen token used from another browser after the window and ends the family", async () => {
    const victim = await signUpOwner(server);
    // The thief copied the victim's cookies; the victim's browser went on refreshing.
    const stolen = { ...victim.cookies };
    let victimCookies = cookiesOf(await refresh(server, victim.cookies).expect(200));
    victimCookies = cookiesOf(await refresh(server, victimCookies).expect(200));
    await ageRotations(server, victim.userId, 60);
    const thief = await refresh(server, stolen).expect(401);
    expect(thief.body.access).toBeUndefined();
    // Ended for both: the victim has to log in again, and so would the thief.
    await refresh(server, victimCookies).expect(401);
    await refresh(server, stolen).expect(401);
  });

  it("does not bring back a family that logout ended, even within the window", async () => {
    const owner = await signUpOwner(server);
    const next = cookiesOf(await refresh(server, owner.cookies).expect(200));
    await logout(next);
    await refresh(server, owner.cookies).expect(401);
  });

  describe("with REFRESH_REUSE_GRACE_SECONDS=0 (control)", () => {
    let strict: RunningServer;
    beforeAll(async () => {
      strict = await startTestServer(driver, { config: { refreshReuseGraceSeconds: 0 } });
    });
    afterAll(() => strict.close());

    it("ends the family at the first reuse, however soon", async () => {
      const owner = await signUpOwner(strict);
      const next = cookiesOf(await refresh(strict, owner.cookies).expect(200));
      await refresh(strict, owner.cookies).expect(401);
      await refresh(strict, next).expect(401);
    });
  });
});
