import ICAL from "ical.js";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { useGroupServer } from "../../test/testServer";
import { at, makeCase } from "../orderitems/orderitems.testkit";
import { makeHold, setStatus } from "../workcases/lifecycle.testkit";

interface ParsedEvent {
  uid: string;
  summary: string;
  status: string;
  start: string;
  end: string;
  description: string;
  url: string;
}

/** The feed read back by a calendar library, as a calendar app would (ical.js). */
function eventsOf(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      status: String(v.getFirstPropertyValue("status")),
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      description: e.description,
      url: String(v.getFirstPropertyValue("url")),
    };
  });
}

/** The calendar feed and the per-case .ics (docs/notifications.md), on both databases. */
describeOnDatabases("calendar feed", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  useGroupServer(driver, (group) => {
    ({ server, owner, staff, other } = group);
  });
  const api = () => request(server.url);
  const newFeed = async (s: Session): Promise<string> =>
    (await api().post("/api/calendar-feed/").set(bearer(s)).expect(201)).body.url;
  const pathOf = (url: string) => new URL(url).pathname;
  const read = (url: string) => api().get(pathOf(url)).buffer(true);

  it("lists the group's cases with the period, the note, a link, and 仮押さえ as TENTATIVE; never another group's", async () => {
    const confirmed = await makeCase(server, owner, {
      title: "音響設営",
      note: "搬入は裏口",
      start: at(0),
      end: at(10),
    });
    const hold = await makeHold(server, staff, { title: "展示会", start: at(20), end: at(30) });
    const cancelled = await makeCase(server, owner, { title: "中止案件" });
    await setStatus(server, owner, cancelled.id, { status: "cancelled" }).expect(200);
    const foreign = await makeCase(server, other, { title: "他社の案件" });

    const url = await newFeed(staff);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await read(url).expect(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const events = eventsOf(res.text);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect(byUid.get(`workcase-${confirmed.id}@zaiko-kanri`)).toMatchObject({
      summary: "音響設営",
      status: "CONFIRMED",
      start: new Date(at(0)).toISOString(),
      end: new Date(at(10)).toISOString(),
      url: `${server.url}/orderitems/${confirmed.id}`,
    });
    expect(byUid.get(`workcase-${confirmed.id}@zaiko-kanri`)!.description).toContain("搬入は裏口");
    const tentative = byUid.get(`workcase-${hold.id}@zaiko-kanri`)!;
    expect(tentative).toMatchObject({ summary: "【仮押さえ】展示会", status: "TENTATIVE" });
    expect(tentative.description).toContain("仮押さえ期限：");
    expect(tentative.description).toContain("担当：佐藤 花子");
    expect(byUid.has(`workcase-${cancelled.id}@zaiko-kanri`)).toBe(false);
    expect(byUid.has(`workcase-${foreign.id}@zaiko-kanri`)).toBe(false);
    expect(res.text).not.toContain("他社の案件");

    // The other group's owner's feed has theirs only.
    const otherEvents = eventsOf((await read(await newFeed(other)).expect(200)).text);
    expect(otherEvents.map((e) => e.summary)).toEqual(["他社の案件"]);
  });

  it("answers the current data on every read, 304 to an unchanged ETag", async () => {
    const url = await newFeed(owner);
    const first = await read(url).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    await api().get(pathOf(url)).set("If-None-Match", etag).expect(304);
    const kase = await makeCase(server, owner, { title: "追加された案件" });
    const second = await api().get(pathOf(url)).set("If-None-Match", etag).buffer(true).expect(200);
    expect(eventsOf(second.text).map((e) => e.summary)).toContain("追加された案件");
    await setStatus(server, owner, kase.id, { status: "cancelled" }).expect(200);
    expect(eventsOf((await read(url).expect(200)).text).map((e) => e.summary)).not.toContain(
      "追加された案件",
    );
  });

  it("regenerate makes the old URL a 404; revoke makes it a 404; a wrong secret is a 404", async () => {
    const old = await newFeed(staff);
    await read(old).expect(200);
    expect((await api().get("/api/calendar-feed/").set(bearer(staff)).expect(200)).body).toMatchObject({
      active: true,
    });
    const renewed = await newFeed(staff);
    expect(renewed).not.toBe(old);
    await read(old).expect(404);
    await read(renewed).expect(200);
    await api().delete("/api/calendar-feed/").set(bearer(staff)).expect(204);
    await read(renewed).expect(404);
    expect((await api().get("/api/calendar-feed/").set(bearer(staff)).expect(200)).body).toEqual({
      active: false,
      created: null,
    });
    const wrong = await api()
      .get(`/api/calendar/feed/${"A".repeat(43)}.ics`)
      .expect(404);
    expect(wrong.body).toEqual({ detail: expect.any(String) });
    await api().get("/api/calendar/feed/short.ics").expect(404);
    await api()
      .get(`/api/calendar/feed/${"A".repeat(43)}`)
      .expect(404);
    await api().post("/api/calendar-feed/").expect(401);
  });

  it("a deactivated member's feed stops answering", async () => {
    const url = await newFeed(staff);
    await api().patch(`/api/user/${staff.userId}/`).set(bearer(owner)).send({ is_member: false }).expect(200);
    try {
      await read(url).expect(404);
    } finally {
      await api()
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(owner))
        .send({ is_member: true })
        .expect(200);
    }
  });

  it("downloads one case as .ics, named after it; another group's case is a 404", async () => {
    const kase = await makeCase(server, owner, { title: "展示会 2030", start: at(0), end: at(5) });
    const res = await api()
      .get(`/api/calendar/cases/${kase.id}/`)
      .set(bearer(staff))
      .buffer(true)
      .expect(200);
    expect(res.headers["content-disposition"]).toContain(encodeURIComponent("展示会 2030.ics"));
    expect(eventsOf(res.text)).toEqual([
      expect.objectContaining({
        summary: "展示会 2030",
        status: "CONFIRMED",
        start: new Date(at(0)).toISOString(),
      }),
    ]);
    await api().get(`/api/calendar/cases/${kase.id}/`).set(bearer(other)).expect(404);
    await api().get(`/api/calendar/cases/${kase.id}/`).expect(401);
    await api().get("/api/calendar/cases/x/").set(bearer(owner)).expect(404);
  });
});
