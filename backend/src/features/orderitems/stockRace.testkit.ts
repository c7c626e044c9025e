import { inRaceMode, type RaceMode } from "../../allocation/allocation.testkit";
import type { AppDeps } from "../../deps";
import type { AuthUser } from "../../middlewares/auth";
import type { RunningServer } from "../../server";
import { actorOf, type Session, signUpOwner, statusOf } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { invariantViolations } from "./orderitems.testkit";

const TRIALS = 5;
/** The item's stock in every race: one unit per contender of each kind. */
export const RACE_STOCK = 6;
const RACE_TIMEOUT = 120_000;

export interface RaceSetUp {
  server: RunningServer;
  owner: Session;
  actor: AuthUser;
  itemId: number;
}

/** The calls that race for the item's units, all started at once with the app's dependencies. */
export type Contenders = (deps: AppDeps) => Promise<unknown>[];

/**
 * A race on PostgreSQL (PGlite runs one transaction at a time) between writes that each hold one more unit of
 * an item of RACE_STOCK units: `setUp` prepares a trial on a fresh item and returns its contenders. Exactly
 * RACE_STOCK calls are granted (200), the others refused (409), and no instant is over stock (the SQL
 * invariant over bookings and outages), in every trial, with a sleep between check and commit. The control
 * runs the same race with the database's lock function replaced by a copy that locks nothing
 * (allocation.testkit.ts): it must overbook in some trial, which shows the test would catch a missing lock.
 */
export function describeStockRace(
  title: string,
  granted: string,
  setUp: (ctx: RaceSetUp) => Promise<Contenders>,
): void {
  describeOnPostgres(`${title} [postgres]`, () => {
    let server: RunningServer;
    let owner: Session;
    beforeAll(async () => {
      server = await startTestServer("pg");
      owner = await signUpOwner(server);
    });
    afterAll(() => server.close());

    async function race(mode: RaceMode) {
      const item = await makeItem(server, owner, { stock: RACE_STOCK });
      const contenders = await setUp({ server, owner, actor: actorOf(owner), itemId: item.id });
      const statuses = await inRaceMode(server.deps.database, mode, () =>
        Promise.all(contenders(server.deps).map(statusOf)),
      );
      return { statuses, violations: await invariantViolations(server.deps.database, [item.id]) };
    }

    it(
      `never grants more ${granted} than the ${RACE_STOCK} in stock, over ${TRIALS} trials`,
      async () => {
        for (let trial = 0; trial < TRIALS; trial++) {
          const { statuses, violations } = await race("lockedSlow");
          expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
          expect(statuses.filter((s) => s === 200)).toHaveLength(RACE_STOCK);
          expect(violations).toEqual([]);
        }
      },
      RACE_TIMEOUT,
    );

    it(
      "control: without the item lock the same race overbooks",
      async () => {
        let failures = 0;
        for (let trial = 0; trial < TRIALS && failures === 0; trial++) {
          if ((await race("unlocked")).violations.length > 0) failures++;
        }
        expect(failures).toBeGreaterThan(0);
      },
      RACE_TIMEOUT,
    );
  });
}
