import { postMovement, undoLatestMovement } from "./movements.service";
import { addItem } from "./orderitems.service";
import { addUnits, at, makeCase } from "./orderitems.testkit";
import { describeStockRace, RACE_STOCK } from "./stockRace.testkit";

/**
 * Early returns taken back racing '+' on an overlapping case. The stock went out on six cases (one unit each)
 * and came back early, so it holds nothing over them and a case overlapping them may take it; then each
 * return is undone (holding its unit again) while six '+' ask for units of that case.
 */
describeStockRace(
  "early returns taken back racing allocations",
  "taken-back returns and units",
  async (t) => {
    const back: number[] = [];
    for (let i = 0; i < RACE_STOCK; i++) {
      const kase = await makeCase(t.server, t.owner, { start: at(0), end: at(10) });
      const { order_item } = await addUnits(t.server, t.owner, t.itemId, kase.id, 1);
      await postMovement(t.server.deps, t.actor, order_item.id, "issue", 1);
      // Back now, before the case's start: the unit holds nothing over it.
      await postMovement(t.server.deps, t.actor, order_item.id, "receive", 1);
      back.push(order_item.id);
    }
    const overlapping = await makeCase(t.server, t.owner, { start: at(5), end: at(15) });
    return (deps) =>
      back.flatMap((id) => [
        undoLatestMovement(deps, t.actor, id),
        addItem(deps, t.actor, t.itemId, overlapping.id),
      ]);
  },
);
