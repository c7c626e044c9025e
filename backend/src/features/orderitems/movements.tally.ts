/** A movement as the tally reads it: what, how many, when. */
export interface MovementFact {
  kind: "issue" | "receive";
  quantity: number;
  at: Date;
}

/** What an order item's movements say about it, written onto its row (docs/lifecycle.md). */
export interface Tally {
  issuedQuantity: number;
  receivedQuantity: number;
  /** The first issue's time: something is out (the spec's 出庫時刻; null while nothing is). */
  issue: Date | null;
  /** The last receive's time once all of the order quantity is back (the spec's 入庫時刻), else null. */
  receive: Date | null;
}

/**
 * The sums and the spec's two times of an order item's movements. `issue` and `receive` keep their meaning
 * for the spec's clients: issued at all, and back entirely; the toggles set and clear "all of it".
 */
export function tally(movements: readonly MovementFact[], orderQuantity: number): Tally {
  let issuedQuantity = 0;
  let receivedQuantity = 0;
  let issue: Date | null = null;
  let lastReceive: Date | null = null;
  for (const m of movements) {
    if (m.kind === "issue") {
      issuedQuantity += m.quantity;
      if (issue === null || m.at < issue) issue = m.at;
    } else {
      receivedQuantity += m.quantity;
      if (lastReceive === null || m.at > lastReceive) lastReceive = m.at;
    }
  }
  const receive = receivedQuantity > 0 && receivedQuantity >= orderQuantity ? lastReceive : null;
  return { issuedQuantity, receivedQuantity, issue, receive };
}

/**
 * How many units a receive dated `at` may take back so that no unit is ever received before it was issued
 * (docs/lifecycle.md): the fewest units out — issued by then minus received by then — at `at` and at every
 * movement dated after it, which the new receive would precede. With every movement dated now, that is
 * simply the units out; a back-dated receive, or one after a future-dated issue, finds fewer.
 */
export function receivableAt(movements: readonly MovementFact[], at: Date): number {
  const outAt = (instant: number) =>
    movements.reduce(
      (out, m) => (m.at.getTime() <= instant ? out + (m.kind === "issue" ? m.quantity : -m.quantity) : out),
      0,
    );
  const later = movements.map((m) => m.at.getTime()).filter((t) => t > at.getTime());
  return Math.min(outAt(at.getTime()), ...later.map(outAt));
}
