import { postMovement } from "./movements.service";
import { addItem } from "./orderitems.service";
import { addUnits, at, makeCase } from "./orderitems.testkit";
import { postReceive } from "./outages.service";
import { describeStockRace, RACE_STOCK } from "./stockRace.testkit";

/**
 * Receives reporting lost units racing '+' on a later case. The stock is out on six cases (one unit each); a
 * later case wants units while each of the six reports its unit lost. Lost units hold stock after their case,
 * so granted losses + granted units ≤ the stock.
 */
describeStockRace("lost units racing allocations", "losses and units", async (t) => {
  const out: number[] = [];
  for (let i = 0; i < RACE_STOCK; i++) {
    const kase = await makeCase(t.server, t.owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(t.server, t.owner, t.itemId, kase.id, 1);
    await postMovement(t.server.deps, t.actor, order_item.id, "issue", 1);
    out.push(order_item.id);
  }
  const later = await makeCase(t.server, t.owner, { start: at(20), end: at(30) });
  return (deps) =>
    out.flatMap((id) => [
      postReceive(deps, t.actor, id, { quantity: 0, lost: 1, broken: 0, repair_due: null, sub_rental: null }),
      addItem(deps, t.actor, t.itemId, later.id),
    ]);
});
