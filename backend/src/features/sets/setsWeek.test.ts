import { ja } from "@zaiko/common/messages/ja";
import type { WeeklySetsDto } from "@zaiko/common/sets/sets.schema";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { insertCase, insertOrder, makeCategory, makeItem } from "../items/items.testkit";
import { makeSet } from "./sets.testkit";

/** An instant of the business time zone (Asia/Tokyo, the default the test server runs with). */
const jst = (day: number, hour: number) =>
  new Date(`2030-04-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00+09:00`);

describeOnDatabases("GET /api/sets/week/{y}/{m}/{d}/", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());
  const get = (path: string, token?: { access: string }) => {
    const req = request(server.url).get(path);
    return token ? req.set(bearer(token)) : req;
  };

  it("gives each set's sets per day: min over parts of ⌊(stock − the part's peak that day) ÷ per set⌋", async () => {
    const owner = await signUpOwner(server);
    const audio = await makeCategory(server, owner, "音響");
    const speaker = await makeItem(server, owner, { category: audio.id, title: "スピーカー", stock: 6 });
    const mixer = await makeItem(server, owner, { category: audio.id, title: "ミキサー", stock: 4 });
    const pa = await makeSet(
      server,
      owner,
      audio.id,
      [
        [speaker.id, 2],
        [mixer.id, 1],
      ],
      "PAセット",
    );
    const mixers = await makeSet(server, owner, audio.id, [[mixer.id, 3]], "ミキサー3台");
    const g = owner.groupId;
    // スピーカー: 3 from 4/2 10:00 to 4/3 12:00, and 1 on 4/3 09:00–18:00: peaks 0,3,4,0,0,0,0.
    await insertOrder(server, g, speaker.id, 3, jst(2, 10), jst(3, 12));
    await insertOrder(server, g, speaker.id, 1, jst(3, 9), jst(3, 18));
    // ミキサー: 1 on 4/3, all 4 on 4/5: peaks 0,0,1,0,4,0,0.
    const kase = await insertCase(server, g, jst(3, 0), jst(5, 23));
    await insertOrder(server, g, mixer.id, 1, jst(3, 9), jst(3, 18), kase);
    await insertOrder(server, g, mixer.id, 4, jst(5, 0), jst(5, 23));

    const res = await get("/api/sets/week/2030/4/1/", owner).expect(200);
    const body = res.body as WeeklySetsDto;
    expect(body.results.days).toEqual([
      "4/1(月)",
      "4/2(火)",
      "4/3(水)",
      "4/4(木)",
      "4/5(金)",
      "4/6(土)",
      "4/7(日)",
    ]);
    expect(body.results.before).toBe("2030-03-25");
    expect(body.results.next).toBe("2030-04-08");
    // Free speakers 6,3,2,6,6,6,6 → ÷2: 3,1,1,3,3,3,3; free mixers 4,4,3,4,0,4,4 → ÷1 the same.
    // ミキサー3台: ⌊free mixers ÷ 3⌋ = 1,1,1,1,0,1,1.
    expect(body.results.sets.map((s) => [s.id, s.title, s.category_name, s.daily_shippable_sets])).toEqual([
      [pa.id, "PAセット", "音響", [3, 1, 1, 3, 0, 3, 3]],
      [mixers.id, "ミキサー3台", "音響", [1, 1, 1, 1, 0, 1, 1]],
    ]);
    expect(body.results.sets[0]!.parts).toEqual(pa.parts);

    // The spec's weekly answer for items is unchanged: no sets in it.
    const items = await get("/api/items/2030/4/1/", owner).expect(200);
    expect(Object.keys(items.body.results).sort()).toEqual(["before", "categories", "days", "items", "next"]);
  });

  it("shows only the token's group, needs a token and refuses a date that is not one", async () => {
    const owner = await signUpOwner(server);
    const other = await signUpOwner(server);
    const category = await makeCategory(server, owner);
    const item = await makeItem(server, owner, { category: category.id, stock: 1 });
    await makeSet(server, owner, category.id, [[item.id, 1]]);
    // A groupid naming another group is 404, as for every call (the group comes from the token).
    await get(`/api/sets/week/2030/4/1/?groupid=${owner.groupId}`, other).expect(404);
    expect((await get("/api/sets/week/2030/4/1/", other).expect(200)).body.results.sets).toEqual([]);
    await get("/api/sets/week/2030/4/1/").expect(401);
    const bad = await get("/api/sets/week/2030/2/30/", owner).expect(400);
    expect(bad.body).toEqual({ detail: ja.catalogue.invalidDate });
  });
});
