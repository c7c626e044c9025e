import request from "supertest";
import { makeItem } from "../features/items/items.testkit";
import type { RunningServer } from "../server";
import { bearer, type Session, signUpOwner } from "../test/api";
import { describeOnDatabases } from "../test/databases";
import { startTestServer } from "../test/testServer";

describeOnDatabases("Cache-Control on API answers", (driver) => {
  let server: RunningServer;
  let owner: Session;
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  it("is no-store on every signed-in answer, errors included, and on the token calls", async () => {
    const item = await makeItem(server, owner);
    const api = () => request(server.url);
    const answers = [
      await api().get("/api/user-info/").set(bearer(owner)),
      await api().get("/api/user/").set(bearer(owner)),
      await api().get(`/api/items/?category=${item.category}`).set(bearer(owner)),
      await api().get("/api/items/2030/4/1/").set(bearer(owner)),
      await api().put(`/api/items/${item.id}/`).set(bearer(owner)).send({ title: "" }),
      await api().get("/api/workcases/999999/").set(bearer(owner)),
      await api().get("/api/user-info/"),
      await api().post("/api/token/").send({ email: owner.email, password: owner.password }),
    ];
    expect(answers.map((r) => [r.status, r.headers["cache-control"]])).toEqual([
      [200, "no-store"],
      [200, "no-store"],
      [200, "no-store"],
      [200, "no-store"],
      [400, "no-store"],
      [404, "no-store"],
      [401, "no-store"],
      [200, "no-store"],
    ]);
  });
});
