import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, binaryBody, ownerWithStaff, signUpOwner, signUpStaff, usersOfGroup } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { MEMBER_CSV_HEADER } from "./members.routes";

describeOnDatabases("members: delete and CSV export", (driver) => {
  let server: RunningServer;
  const api = () => request(server.url);
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  describe("DELETE /api/user/{id}/?groupid=", () => {
    it("lets an owner delete a staff member: 204 and the row is gone", async () => {
      const owner = await signUpOwner(server);
      const staff = await signUpStaff(server, owner.groupId);
      await api().delete(`/api/user/${staff.id}/?groupid=${owner.groupId}`).set(bearer(owner)).expect(204);
      await api().get(`/api/user/${staff.id}/`).set(bearer(owner)).expect(404);
      expect((await usersOfGroup(server, owner.groupId)).map((r) => r.id)).toEqual([owner.userId]);
    });

    it("refuses a staff member (403) and keeps the row", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const other = await signUpStaff(server, owner.groupId);
      const res = await api()
        .delete(`/api/user/${other.id}/?groupid=${owner.groupId}`)
        .set(bearer(staff))
        .expect(403);
      expect(res.body).toEqual({ detail: ja.errors.forbidden });
      await api().get(`/api/user/${other.id}/`).set(bearer(owner)).expect(200);
    });

    it("refuses deleting an owner (403)", async () => {
      const owner = await signUpOwner(server);
      const res = await api()
        .delete(`/api/user/${owner.userId}/?groupid=${owner.groupId}`)
        .set(bearer(owner))
        .expect(403);
      expect(res.body).toEqual({ detail: ja.errors.ownerProtected });
      await api().get("/api/user-info/").set(bearer(owner)).expect(200);
    });

    it("answers 404 for another group's member and deletes nothing", async () => {
      const owner = await signUpOwner(server);
      const other = await signUpOwner(server);
      const otherStaff = await signUpStaff(server, other.groupId);
      await api().delete(`/api/user/${otherStaff.id}/`).set(bearer(owner)).expect(404);
      await api()
        .delete(`/api/user/${otherStaff.id}/?groupid=${other.groupId}`)
        .set(bearer(owner))
        .expect(404);
      expect(await usersOfGroup(server, other.groupId)).toHaveLength(2);
    });

    it("answers 404 when ?groupid names another group, even for an own member", async () => {
      const owner = await signUpOwner(server);
      const other = await signUpOwner(server);
      const staff = await signUpStaff(server, owner.groupId);
      const res = await api()
        .delete(`/api/user/${staff.id}/?groupid=${other.groupId}`)
        .set(bearer(owner))
        .expect(404);
      expect(res.body).toEqual({ detail: ja.errors.notFound });
      await api().get(`/api/user/${staff.id}/`).set(bearer(owner)).expect(200);
    });

    it("answers 404 for an id that does not exist and for a non-numeric id", async () => {
      const owner = await signUpOwner(server);
      await api().delete("/api/user/99999999/").set(bearer(owner)).expect(404);
      await api().delete("/api/user/abc/").set(bearer(owner)).expect(404);
    });
  });

  describe("GET /api/export-csv/?groupid=", () => {
    it("refuses staff (403)", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const res = await api().get(`/api/export-csv/?groupid=${owner.groupId}`).set(bearer(staff)).expect(403);
      expect(res.body).toEqual({ detail: ja.errors.forbidden });
    });

    it("answers 404 for another group's id", async () => {
      const owner = await signUpOwner(server);
      const other = await signUpOwner(server);
      await api().get(`/api/export-csv/?groupid=${other.groupId}`).set(bearer(owner)).expect(404);
    });

    it("gives an owner a UTF-8 BOM, CRLF CSV of the group with formulas neutralised", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const stranger = await signUpOwner(server);
      await api()
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(owner))
        .send({ first_name: "=1+2" })
        .expect(200);
      await api()
        .patch(`/api/user/${owner.userId}/`)
        .set(bearer(owner))
        .send({ last_name: "@SUM(A1)" })
        .expect(200);

      const res = await api()
        .get(`/api/export-csv/?groupid=${owner.groupId}`)
        .set(bearer(owner))
        .buffer(true)
        .parse(binaryBody)
        .expect(200);
      expect(res.headers["content-type"]).toMatch(/^text\/csv/);
      expect(res.headers["content-disposition"]).toContain("attachment");
      expect(res.headers["content-disposition"]).toContain("exported_data.csv");

      const bytes = res.body as Buffer;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString("utf8");
      expect(text.endsWith("\r\n")).toBe(true);
      const lines = text.split("\r\n").slice(0, -1);
      expect(lines.every((line) => !line.includes("\n"))).toBe(true);
      expect(lines[0]).toBe(MEMBER_CSV_HEADER.join(","));
      expect(lines).toHaveLength(3);

      const staffLine = lines.find((line) => line.startsWith(`${staff.userId},`))!;
      expect(staffLine.split(",")[2]).toBe("'=1+2");
      const ownerLine = lines.find((line) => line.startsWith(`${owner.userId},`))!;
      expect(ownerLine.split(",")[3]).toBe("'@SUM(A1)");
      // The active and owner flags are written in words, not true/false.
      expect(ownerLine.split(",").slice(4)).toEqual(["有効", "はい"]);
      expect(staffLine.split(",")[5]).toBe("いいえ");
      expect(text).not.toMatch(/\b(true|false)\b/);
      expect(text).not.toContain(stranger.email);
    });
  });
});
