import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import {
  bearer,
  login,
  ownerWithStaff,
  type Session,
  signUpOwner,
  signUpStaff,
  unique,
} from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";

describeOnDatabases("members: list, read, edit", (driver) => {
  let server: RunningServer;
  const api = () => request(server.url);
  const patch = (as: Session, id: number, body: unknown) =>
    api()
      .patch(`/api/user/${id}/`)
      .set(bearer(as))
      .send(body as object);
  const read = (as: Session, id: number) => api().get(`/api/user/${id}/`).set(bearer(as));

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  describe("GET /api/user/", () => {
    it("gives an owner every member of the group and nobody of another group", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const inactive = await signUpStaff(server, owner.groupId);
      const stranger = await signUpOwner(server);
      const res = await api().get("/api/user/").set(bearer(owner)).expect(200);
      const ids = res.body.map((u: { id: number }) => u.id).sort();
      expect(ids).toEqual([owner.userId, staff.userId, inactive.id].sort());
      expect(ids).not.toContain(stranger.userId);
      for (const user of res.body) {
        expect(Object.keys(user).sort()).toEqual(
          ["email", "first_name", "groups", "id", "is_member", "is_owner", "last_name", "version"].sort(),
        );
        expect(user.groups).toEqual([owner.groupId]);
      }
    });

    it("gives a staff member only their own row", async () => {
      const { staff } = await ownerWithStaff(server);
      const res = await api().get("/api/user/").set(bearer(staff)).expect(200);
      expect(res.body.map((u: { id: number }) => u.id)).toEqual([staff.userId]);
    });

    it("answers [] for ?groups= of another group and the list for the caller's own group", async () => {
      const owner = await signUpOwner(server);
      const other = await signUpOwner(server);
      const foreign = await api().get(`/api/user/?groups=${other.groupId}`).set(bearer(owner)).expect(200);
      expect(foreign.body).toEqual([]);
      const own = await api().get(`/api/user/?groups=${owner.groupId}`).set(bearer(owner)).expect(200);
      expect(own.body.map((u: { id: number }) => u.id)).toEqual([owner.userId]);
    });

    it("answers 401 without a token", async () => {
      await api().get("/api/user/").expect(401);
    });
  });

  describe("GET /api/user/{id}/", () => {
    it("reads a member of the caller's group", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const res = await read(owner, staff.userId).expect(200);
      expect(res.body).toMatchObject({
        id: staff.userId,
        is_member: true,
        is_owner: false,
        groups: [owner.groupId],
      });
      await read(staff, staff.userId).expect(200);
    });

    it("answers 404 for another group's member, as for an id that does not exist", async () => {
      const owner = await signUpOwner(server);
      const other = await signUpOwner(server);
      const res = await read(owner, other.userId).expect(404);
      expect(res.body).toEqual({ detail: ja.errors.notFound });
      await read(owner, 99_999_999).expect(404);
    });

    it("answers 404 to a staff member asking for another member", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      await read(staff, owner.userId).expect(404);
    });
  });

  describe("PATCH /api/user/{id}/ profile", () => {
    it("lets a member edit their own email and names", async () => {
      const { staff } = await ownerWithStaff(server);
      const email = `${unique("Self")}@Example.com`;
      const res = await patch(staff, staff.userId, { email, first_name: "次郎", last_name: "鈴木" }).expect(
        200,
      );
      expect(res.body).toMatchObject({
        id: staff.userId,
        email: email.toLowerCase(),
        first_name: "次郎",
        last_name: "鈴木",
      });
      // The new email signs in.
      await login(server, email, staff.password);
    });

    it("lets an owner edit any member of the group", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const res = await patch(owner, staff.userId, { first_name: "三郎" }).expect(200);
      expect(res.body.first_name).toBe("三郎");
      expect((await read(owner, staff.userId)).body.first_name).toBe("三郎");
    });

    it("answers 404 to a staff member editing someone else", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      await patch(staff, owner.userId, { first_name: "乗っ取り" }).expect(404);
      expect((await read(owner, owner.userId)).body.first_name).toBe("太郎");
    });

    it("answers 404 for another group's member and changes nothing", async () => {
      const owner = await signUpOwner(server);
      const other = await signUpOwner(server);
      await patch(owner, other.userId, { first_name: "他人" }).expect(404);
      await patch(owner, other.userId, { is_member: false }).expect(404);
      const res = await read(other, other.userId).expect(200);
      expect(res.body).toMatchObject({ first_name: "太郎", is_member: true });
    });

    it.each([
      ["is_owner", (_groupId: number) => ({ is_owner: true })],
      ["groups", (groupId: number) => ({ groups: [groupId] })],
      ["password", (_groupId: number) => ({ password: "new-password" })],
    ])("refuses mass assignment of %s alongside an email and changes nothing", async (field, extra) => {
      const { owner, staff } = await ownerWithStaff(server);
      const other = await signUpOwner(server);
      const email = `${unique("mass")}@example.com`;
      const res = await patch(staff, staff.userId, { email, ...extra(other.groupId) }).expect(400);
      expect(res.body[field]).toEqual([ja.validation.unknownField]);
      const after = await read(owner, staff.userId).expect(200);
      expect(after.body).toMatchObject({ email: staff.email, is_owner: false, groups: [owner.groupId] });
      await login(server, staff.email, staff.password);
    });

    it("refuses is_member together with is_owner", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      await patch(owner, staff.userId, { is_member: true, is_owner: true }).expect(400);
      expect((await read(owner, staff.userId)).body.is_owner).toBe(false);
    });

    it("refuses an email that another user has, in any case", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const res = await patch(staff, staff.userId, { email: owner.email.toUpperCase() }).expect(400);
      expect(res.body).toEqual({ email: [ja.validation.emailTaken] });
    });

    it("refuses blank names and an invalid email with field errors", async () => {
      const { staff } = await ownerWithStaff(server);
      const res = await patch(staff, staff.userId, {
        first_name: " ",
        last_name: "",
        email: "not-an-email",
      }).expect(400);
      expect(res.body).toEqual({
        first_name: [ja.validation.firstNameRequired],
        last_name: [ja.validation.lastNameRequired],
        email: [ja.validation.emailInvalid],
      });
    });

    it("answers an empty edit with the unchanged member, not a 500", async () => {
      const { staff } = await ownerWithStaff(server);
      const res = await patch(staff, staff.userId, {}).expect(200);
      expect(res.body).toMatchObject({ id: staff.userId, email: staff.email });
    });

    it("refuses a body that is not a JSON object", async () => {
      const { staff } = await ownerWithStaff(server);
      const array = await patch(staff, staff.userId, [1, 2]).expect(400);
      expect(array.body).toEqual({ detail: ja.errors.malformedJson });
      const text = await api()
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(staff))
        .set("Content-Type", "text/plain")
        .send("first_name=x")
        .expect(415);
      expect(text.body).toEqual({ detail: ja.errors.unsupportedMediaType });
    });
  });

  describe("PATCH /api/user/{id}/ is_member", () => {
    it("lets an owner activate and deactivate staff", async () => {
      const owner = await signUpOwner(server);
      const staff = await signUpStaff(server, owner.groupId);
      const on = await patch(owner, staff.id, { is_member: true }).expect(200);
      expect(on.body).toMatchObject({ id: staff.id, is_member: true, is_owner: false });
      const off = await patch(owner, staff.id, { is_member: false }).expect(200);
      expect(off.body.is_member).toBe(false);
    });

    it("refuses a staff member toggling is_member (403), even their own", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const other = await signUpStaff(server, owner.groupId);
      const res = await patch(staff, other.id, { is_member: true }).expect(403);
      expect(res.body).toEqual({ detail: ja.errors.forbidden });
      await patch(staff, staff.userId, { is_member: false }).expect(403);
      expect((await read(owner, other.id)).body.is_member).toBe(false);
    });

    it("refuses deactivating an owner, the caller included", async () => {
      const owner = await signUpOwner(server);
      const res = await patch(owner, owner.userId, { is_member: false }).expect(403);
      expect(res.body).toEqual({ detail: ja.errors.ownerProtected });
      await api().get("/api/user-info/").set(bearer(owner)).expect(200);
    });

    it("refuses a non-boolean is_member", async () => {
      const owner = await signUpOwner(server);
      const staff = await signUpStaff(server, owner.groupId);
      await patch(owner, staff.id, { is_member: "yes" }).expect(400);
    });
  });
});
