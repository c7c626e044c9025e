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
