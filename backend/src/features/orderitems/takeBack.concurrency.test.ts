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
import { postMovement, undoLatestMovement } from "./movements.service";
import { addItem } from "./orderitems.service";
import { addUnits, at, invariantViolations, makeCase } from "./orderitems.testkit";

/**
 * Early returns taken back racing '+' on an overlapping case, on PostgreSQL (PGlite runs one transaction at a
 * time). Stock 6 went out on six cases (one unit each) and came back early, so it holds nothing over them and
 * a case overlapping them may take it; then each return is undone (holding its unit again) while six '+' ask
 * for units of that case. Each granted call holds one unit, so exactly 6 are granted and no instant is over
 * stock (the SQL invariant over order_item_bookings). The control runs the same race without the item lock
 * (rows read without FOR UPDATE, the + through the unlocked copy of its function, a sleep between check and
 * commit): it must overbook in some trial, which shows the test would catch a missing lock.
 */
const TRIALS = 5;
const STOCK = 6;
const RACE_TIMEOUT = 120_000;

describeOnPostgres("early returns taken back racing allocations [postgres]", () => {
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
    const back: number[] = [];
    for (let i = 0; i < STOCK; i++) {
      const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
      const { order_item } = await addUnits(server, owner, item.id, kase.id, 1);
      await postMovement(server.deps, actor, order_item.id, "issue", 1);
      // Back now, before the case's start: the unit holds nothing over it.
      await postMovement(server.deps, actor, order_item.id, "receive", 1);
      back.push(order_item.id);
    }
    const overlapping = await makeCase(server, owner, { start: at(5), end: at(15) });
    const statuses = await Promise.all(
      back.flatMap((id) => [
        statusOf(undoLatestMovement(deps, actor, id)),
        statusOf(addItem(deps, actor, item.id, overlapping.id)),
      ]),
    );
    return { statuses, violations: await invariantViolations(server.deps.database, [item.id]) };
  }

  it(
    `never grants more taken-back returns and units than the ${STOCK} in stock, over ${TRIALS} trials`,
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
