import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, signUpOwner } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { countWebhooks, insertWebhook } from "./delivery.queries";
import { MAX_WEBHOOKS } from "./delivery.service";

/**
 * At most MAX_WEBHOOKS a group, however many creations arrive at once (docs/notifications.md): each creation
 * counts and inserts under the group's lock. The control runs the same count-then-insert without the lock, all
 * counts before the inserts, and goes past the limit: what the first test would see without it.
 */
const TIMEOUT = 60_000;
const AT_ONCE = MAX_WEBHOOKS + 6;

describeOnPostgres("the webhook limit under concurrency (PostgreSQL)", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer("pg", { config: { notifyEveryMs: 0, holdSweepMaxWaitMs: 0 } });
  }, TIMEOUT);
  afterAll(async () => {
    await server?.close();
  });

  it(
    `${AT_ONCE} creations at once: ${MAX_WEBHOOKS} created, the rest refused with the limit's message`,
    async () => {
      const owner = await signUpOwner(server);
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) =>
          request(server.url)
            .post("/api/webhooks/")
            .set(bearer(owner))
            .send({ url: `https://hooks.example.com/in/${i}`, format: "json" }),
        ),
      );
      const created = answers.filter((a) => a.status === 201).length;
      const refused = answers.filter((a) => a.status === 400);
      expect([created, refused.length]).toEqual([MAX_WEBHOOKS, AT_ONCE - MAX_WEBHOOKS]);
      for (const r of refused) expect(r.body).toEqual({ detail: ja.webhooks.tooMany });
      expect(await countWebhooks(server.deps.database.db, owner.groupId)).toBe(MAX_WEBHOOKS);
    },
    TIMEOUT,
  );

  it(
    "control: counting and inserting without the lock goes past the limit",
    async () => {
      const owner = await signUpOwner(server);
      const db = server.deps.database.db;
      const counts = await Promise.all(
        Array.from({ length: AT_ONCE }, () => countWebhooks(db, owner.groupId)),
      );
      await Promise.all(
        counts.map((n, i) =>
          n < MAX_WEBHOOKS
            ? insertWebhook(db, owner.groupId, `https://hooks.example.com/in/${i}`, "json", "whsec_control")
            : undefined,
        ),
      );
      expect(await countWebhooks(db, owner.groupId)).toBeGreaterThan(MAX_WEBHOOKS);
    },
    TIMEOUT,
  );
});
