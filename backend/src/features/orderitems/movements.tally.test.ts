import { type MovementFact, tally } from "./movements.tally";

const at = (h: number) => new Date(Date.UTC(2030, 3, 1, h));
const issue = (quantity: number, h: number): MovementFact => ({ kind: "issue", quantity, at: at(h) });
const receive = (quantity: number, h: number): MovementFact => ({ kind: "receive", quantity, at: at(h) });

describe("tally of an order item's movements", () => {
  it("nothing moved: nothing out, no times", () => {
    expect(tally([], 10)).toEqual({ issuedQuantity: 0, receivedQuantity: 0, issue: null, receive: null });
  });

  it("issue is the earliest issue's time, whatever the order recorded", () => {
    expect(tally([issue(8, 5), issue(2, 3)], 10)).toMatchObject({ issuedQuantity: 10, issue: at(3) });
  });

  it("receive is set only once all of the order quantity is back, at the latest receive", () => {
    const out = [issue(10, 1)];
    expect(tally([...out, receive(9, 6)], 10)).toMatchObject({ receivedQuantity: 9, receive: null });
    expect(tally([...out, receive(9, 6), receive(1, 4)], 10)).toMatchObject({
      receivedQuantity: 10,
      receive: at(6),
    });
    // One unit more booked than came back: not back entirely.
    expect(tally([...out, receive(10, 6)], 11).receive).toBeNull();
  });
});
