import request from "supertest";
import type { RunningServer } from "../../server";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { bearer, signUpOwner } from "../../test/api";

describeOnDatabases("smoke", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it("signs up an owner and reads user-info", async () => {
    const owner = await signUpOwner(server);
    const res = await request(server.url).get("/api/user-info").set(bearer(owner)).expect(200);
    expect(res.body.user.is_owner).toBe(true);
  });
});
