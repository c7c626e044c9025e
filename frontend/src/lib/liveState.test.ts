import {
  createLiveState,
  keepNewerShown,
  nextArrival,
  rowInto,
  rowOut,
  summaryTable,
  takeListAnswer,
  takeRows,
} from "./liveState";

const row = (id: number, version: number, note = "") => ({ id, version, note });

describe("takeRows: one rule for answers and events", () => {
  it("lets a row in once per version and keeps out an older one, whichever came first", () => {
    const live = createLiveState();
    // The event of a click arrives before the click's answer: the answer (same version) is no news.
    expect(takeRows(live, "orderItems", [row(1, 3, "event")])).toHaveLength(1);
    expect(takeRows(live, "orderItems", [row(1, 3, "answer")])).toHaveLength(1);
    // Another process delivers an older state late: kept out, as is an answer read before it.
    expect(takeRows(live, "orderItems", [row(1, 2)])).toEqual([]);
    expect(takeRows(live, "orderItems", [row(1, 4)])).toEqual([row(1, 4)]);
  });

  it("never lets a deleted row back in, from an answer or an event, in any list of its table", () => {
    const live = createLiveState();
    takeRows(live, "orderItems", [], { deleted: [5] });
    expect(takeRows(live, "orderItems", [row(5, 99)])).toEqual([]);
    // Tables are apart: a work case 5 is another row.
    expect(takeRows(live, "workCases", [row(5, 1)])).toHaveLength(1);
    const list = [row(5, 1)];
    rowOut(live, "workCases", 5)(list);
    expect(list).toEqual([]);
    expect(rowInto(live, "workCases", row(5, 2))).toBeUndefined();
  });

  it("rowInto puts a row into a list only when newer than the list's own row", () => {
    const live = createLiveState();
    const list = [row(1, 5, "shown")];
    rowInto(live, "categories", row(1, 4, "older"))?.(list);
    expect(list).toEqual([row(1, 5, "shown")]);
    rowInto(live, "categories", row(2, 1, "new"))?.(list);
    expect(list.map((r) => r.id)).toEqual([1, 2]);
  });

  it("summary rows: an answer's row loses to one an event brought while its request was out", () => {
    const live = createLiveState();
    const table = summaryTable(7);
    const summary = (id: number, available: number) => ({ id, available });
    const leftAt = live.arrivals;
    const arrival = nextArrival(live);
    expect(takeRows(live, table, [summary(1, 3)], { versionOf: () => arrival })).toHaveLength(1);
    expect(takeRows(live, table, [summary(1, 4)], { versionOf: () => leftAt })).toEqual([]);
    // A row of another item, or an answer that left after the event, goes in.
    expect(takeRows(live, table, [summary(2, 4)], { versionOf: () => leftAt })).toHaveLength(1);
    const later = live.arrivals;
    expect(takeRows(live, table, [summary(1, 2)], { versionOf: () => later })).toHaveLength(1);
  });

  it("control: each store has its own live state", () => {
    const a = createLiveState();
    const b = createLiveState();
    takeRows(a, "members", [], { deleted: [1] });
    expect(takeRows(b, "members", [row(1, 1)])).toHaveLength(1);
  });
});

describe("list answers through the same rule", () => {
  it("takeListAnswer drops the rows seen deleted and remembers the answer's versions", () => {
    const live = createLiveState();
    takeRows(live, "workCases", [], { deleted: [2] });
    const answer = [row(1, 4), row(2, 1), row(3, 1)];
    takeListAnswer(live, "workCases", answer);
    expect(answer).toEqual([row(1, 4), row(3, 1)]);
    // A late event older than the answer is kept out, in every list of the table.
    expect(takeRows(live, "workCases", [row(1, 3)])).toEqual([]);
  });

  it("takeListAnswer keeps a row older than one seen elsewhere: it is the list's only state of it", () => {
    const live = createLiveState();
    takeRows(live, "orderItems", [row(1, 5)]);
    const answer = [row(1, 4)];
    takeListAnswer(live, "orderItems", answer);
    expect(answer).toEqual([row(1, 4)]);
  });

  it("keepNewerShown: the answer says which rows; each keeps its newer state, an equal one is the answer's", () => {
    const shown = [row(1, 5, "shown"), row(2, 1, "shown"), row(3, 1, "gone from the answer")];
    const next = keepNewerShown(shown, [row(1, 4, "answer"), row(2, 1, "answer"), row(4, 1, "answer")]);
    expect(next).toEqual([row(1, 5, "shown"), row(2, 1, "answer"), row(4, 1, "answer")]);
    expect(next[0]).toBe(shown[0]);
  });
});
