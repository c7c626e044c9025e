import type { UserDto } from "@zaiko/common/members/members.schema";
import { UNAUTHORIZED } from "@zaiko/common/realtime/events";
import {
  parsePositions,
  STREAM_POSITIONS_HEADER,
  type StreamPositions,
} from "@zaiko/common/realtime/positions";
import request from "supertest";
import { makeCategory } from "../features/items/items.testkit";
import { signAccessToken } from "../lib/tokens";
import type { RunningServer } from "../server";
import { bearer, ownerWithStaff, signUpOwner, signUpStaff } from "../test/api";
import { describeOnDatabases } from "../test/databases";
import {
  type ClientSocket,
  connect,
  connected,
  disconnection,
  nextEvent,
  openSocket,
  record,
  refusal,
  settle,
} from "../test/sockets";
import { startTestServer } from "../test/testServer";

type Upserted = { seq: number; user: UserDto };

describeOnDatabases("realtime", (driver) => {
  let server: RunningServer;
  const sockets: ClientSocket[] = [];
  const track = (s: ClientSocket) => {
    sockets.push(s);
    return s;
  };
  const open = (token: string | undefined, headers?: Record<string, string>) =>
    track(openSocket(server, token, headers));
  const join = async (token: string) => track(await connect(server, token));

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => server.close());

  describe("handshake", () => {
    it("refuses a connection without a token", async () => {
      const err = await refusal(open(undefined));
      expect(err.message).toBe(UNAUTHORIZED);
    });

    it("refuses a malformed token and one signed with another secret", async () => {
      expect((await refusal(open("not-a-jwt"))).message).toBe(UNAUTHORIZED);
      const forged = signAccessToken("another-secret", 1, 1, 60);
      expect((await refusal(open(forged))).message).toBe(UNAUTHORIZED);
    });

    it("refuses the token of a user who is no longer an active member", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      await request(server.url)
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(owner))
        .send({ is_member: false })
        .expect(200);
      expect((await refusal(open(staff.access))).message).toBe(UNAUTHORIZED);
    });

    it("refuses a correctly signed token for a user who never became a member", async () => {
      const owner = await signUpOwner(server);
      const staff = await signUpStaff(server, owner.groupId);
      const token = signAccessToken(server.deps.config.jwtSecret, staff.id, owner.groupId, 60);
      expect((await refusal(open(token))).message).toBe(UNAUTHORIZED);
    });

    it("refuses a browser Origin of another site, even with a valid token", async () => {
      const owner = await signUpOwner(server);
      await expect(refusal(open(owner.access, { origin: "http://evil.example" }))).resolves.toBeInstanceOf(
        Error,
      );
    });

    it("accepts the app's own origin and a client without Origin", async () => {
      const owner = await signUpOwner(server);
      await connected(open(owner.access, { origin: server.url }));
      await connected(open(owner.access));
    });
  });

  describe("stream positions (a list loaded before the socket listened)", () => {
    const positionsOf = async (s: { access: string; groupId: number }) => {
      const res = await request(server.url).get(`/api/categories/?groupid=${s.groupId}`).set(bearer(s));
      expect(res.status).toBe(200);
      const parsed = parsePositions(res.headers[STREAM_POSITIONS_HEADER.toLowerCase()]);
      expect(parsed).toBeDefined();
      return parsed!;
    };
    const listening = (token: string) => {
      const socket = open(token);
      return nextEvent<StreamPositions>(socket, "realtime.positions").then((p) => ({ socket, p }));
    };

    it("a GET says how far the group's streams had gone, and a new socket is told the same", async () => {
      const owner = await signUpOwner(server);
      const stranger = await signUpOwner(server);
      const before = await positionsOf(owner);
      const strangerBefore = await positionsOf(stranger);
      const { socket, p } = await listening(owner.access);
      expect(p).toEqual(before);

      const arrived = nextEvent<{ seq: number }>(socket, "categories.upserted");
      await makeCategory(server, owner);
      const { seq } = await arrived;
      const after = await positionsOf(owner);
      // The change is numbered within what the answer covers: a client compares and reads nothing again.
      expect(seq).toBeGreaterThan(before.group);
      expect(after.group).toBeGreaterThanOrEqual(seq);
      expect(after.members).toBe(before.members);
      expect((await listening(owner.access)).p).toEqual(after);
      // Another group's numbers did not move.
      expect(await positionsOf(stranger)).toEqual(strangerBefore);
    });

    it("a write's answer carries none (only reads are compared)", async () => {
      const owner = await signUpOwner(server);
      const res = await request(server.url)
        .post("/api/categories/")
        .set(bearer(owner))
        .send({ category: "機材", group: owner.groupId });
      expect(res.status).toBe(201);
      expect(res.headers[STREAM_POSITIONS_HEADER.toLowerCase()]).toBeUndefined();
    });
  });

  describe("members events", () => {
    it("tells the group's owners about a staff sign-up, and no other group or staff", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const stranger = await signUpOwner(server);
      const ownerSocket = await join(owner.access);
      const staffSeen = record(await join(staff.access));
      const strangerSeen = record(await join(stranger.access));

      const arrived = nextEvent<Upserted>(ownerSocket, "members.upserted");
      const newcomer = await signUpStaff(server, owner.groupId);
      const payload = await arrived;
      expect(payload).toEqual({
        seq: expect.any(Number),
        user: expect.objectContaining({
          id: newcomer.id,
          email: newcomer.email,
          is_member: false,
          groups: [owner.groupId],
        }),
      });

      await settle();
      expect(staffSeen.get("members.upserted")).toBeUndefined();
      expect(strangerSeen.get("members.upserted")).toBeUndefined();
    });

    it("sends a member their own changes in their own room", async () => {
      const { staff } = await ownerWithStaff(server);
      const staffSocket = await join(staff.access);
      // The sign-up's own event may still be on its way when the socket joins: wait for the edit's.
      const arrived = nextEvent<Upserted>(
        staffSocket,
        "members.upserted",
        (p) => p.user.id === staff.userId && p.user.first_name === "自分",
      );
      await request(server.url)
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(staff))
        .send({ first_name: "自分" })
        .expect(200);
      expect((await arrived).user.first_name).toBe("自分");
    });

    it("stamps events with consecutive numbers of the group's member stream", async () => {
      const owner = await signUpOwner(server);
      const ownerSocket = await join(owner.access);
      const seen = record(ownerSocket);
      const signedUp = nextEvent<Upserted>(ownerSocket, "members.upserted");
      const staff = await signUpStaff(server, owner.groupId);
      await signedUp;
      const activated = nextEvent<Upserted>(ownerSocket, "members.upserted", (p) => p.user.is_member);
      await request(server.url)
        .patch(`/api/user/${staff.id}/`)
        .set(bearer(owner))
        .send({ is_member: true })
        .expect(200);
      await activated;
      const renamed = nextEvent<Upserted>(ownerSocket, "members.upserted", (p) => p.user.first_name === "三");
      await request(server.url)
        .patch(`/api/user/${staff.id}/`)
        .set(bearer(owner))
        .send({ first_name: "三" })
        .expect(200);
      await renamed;
      const seqs = (seen.get("members.upserted") as Upserted[]).map((p) => p.seq);
      expect(seqs).toHaveLength(3);
      expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
    });

    it("tells owners about a deletion with only the id", async () => {
      const owner = await signUpOwner(server);
      const staff = await signUpStaff(server, owner.groupId);
      const ownerSocket = await join(owner.access);
      const arrived = nextEvent<{ seq: number; id: number }>(ownerSocket, "members.deleted");
      await request(server.url).delete(`/api/user/${staff.id}/`).set(bearer(owner)).expect(204);
      expect(await arrived).toEqual({ seq: expect.any(Number), id: staff.id });
    });
  });

  describe("removal", () => {
    it("disconnects a member's open socket the moment they are deactivated", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const staffSocket = await join(staff.access);
      const ownerSocket = await join(owner.access);
      const gone = disconnection(staffSocket);
      await request(server.url)
        .patch(`/api/user/${staff.userId}/`)
        .set(bearer(owner))
        .send({ is_member: false })
        .expect(200);
      expect(await gone).toBe("io server disconnect");
      expect(ownerSocket.connected).toBe(true);
      // And it cannot come back with the same token.
      expect((await refusal(open(staff.access))).message).toBe(UNAUTHORIZED);
    });

    it("disconnects a member's open socket when they are deleted", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const staffSocket = await join(staff.access);
      const gone = disconnection(staffSocket);
      await request(server.url).delete(`/api/user/${staff.userId}/`).set(bearer(owner)).expect(204);
      expect(await gone).toBe("io server disconnect");
    });
  });
});
