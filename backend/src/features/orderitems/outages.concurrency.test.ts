import {
  installUnlockedAddUnit,
  LOCKED_SLOW,
  UNLOCKED,
  withAllocationHooks,
} from "../../allocation/allocation.testkit";
import type { AppDeps } from "../../deps";
import type { RunningServer } from "../../server";
import { actorOf, type Session, signUpOwner, statusOf } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { postMovement } from "./movements.service";
import { addItem } from "./orderitems.service";
import { addUnits, at, invariantViolations, makeCase } from "./orderitems.testkit";
import { postReceive } from "./outages.service";

/**
 * Receives reporting lost units racing '+' on a later case, on PostgreSQL (PGlite runs one transaction at a
 * time). Stock 6 is out on six cases (one unit each); a later case wants units while each of the six reports
 * its unit lost. Lost units hold stock after their case, so granted losses + granted units ≤ 6, checked by
 * the SQL invariant (bookings and outages at every instant). The control runs the same race without the item
 * lock (rows read without FOR UPDATE, the + through the unlocked copy of its function) and a sleep between
 * check and commit: it must overbook in some trial, which shows the check would catch a missing lock.
 */
const TRIALS = 5;
const STOCK = 6;
const RACE_TIMEOUT = 120_000;

describeOnPostgres("lost units racing allocations [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
    await installUnlockedAddUnit(server.deps.database);
  });
  afterAll(() => server.close());

  async function race(deps: AppDeps) {
    const item = await makeItem(server, owner, { stock: STOCK });
    const actor = actorOf(owner);
    const out: number[] = [];
    for (let i = 0; i < STOCK; i++) {
      const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
      const { order_item } = await addUnits(server, owner, item.id, kase.id, 1);
      await postMovement(server.deps, actor, order_item.id, "issue", 1);
      out.push(order_item.id);
    }
    const later = await makeCase(server, owner, { start: at(20), end: at(30) });
    const statuses = await Promise.all(
      out.flatMap((id) => [
        statusOf(postReceive(deps, actor, id, { quantity: 0, lost: 1, broken: 0, repair_due: null })),
        statusOf(addItem(deps, actor, item.id, later.id)),
      ]),
    );
    return { statuses, violations: await invariantViolations(server.deps.database, [item.id]) };
  }

  it(
    `never grants more losses and units than the ${STOCK} in stock, over ${TRIALS} trials`,
    async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const { statuses, violations } = await race(withAllocationHooks(server.deps, LOCKED_SLOW));
        expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
        expect(statuses.filter((s) => s === 200)).toHaveLength(STOCK);
        expect(violations).toEqual([]);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "control: without the item lock the same race overbooks",
    async () => {
      const unlocked = withAllocationHooks(server.deps, UNLOCKED);
      let failures = 0;
      for (let trial = 0; trial < TRIALS && failures === 0; trial++) {
        if ((await race(unlocked)).violations.length > 0) failures++;
      }
      expect(failures).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );
});
