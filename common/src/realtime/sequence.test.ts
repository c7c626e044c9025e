import fc from "fast-check";
import type { ServerEventName } from "./events";
import { type LiveRowsMemory, newLiveRowsMemory, removeVersioned, upsertVersioned } from "./liveRows";
import { type Admission, admit } from "./sequence";

type Row = { id: number; version: number };
type Rule = (event: ServerEventName, seq: number, last: number | undefined) => Admission;

/** The rule this app had before: every late event dropped. The control of the property below. */
const dropEveryLate: Rule = (event, seq, last) => {
  const a = admit(event, seq, last);
  return { ...a, apply: last === undefined || seq > last };
};

/** One committed write of an order item: an upsert with its version, or its delete. */
interface Write {
  id: number;
  version: number | "deleted";
}

/**
 * A client of the rules of lib/socket.ts and lib/liveCache.ts over one list, in a simulated timeline: every
 * write is committed at its index, numbered by its process some time later (numbers in that order, not in
 * commit order) and delivered some time after that. A gap starts a refetch (or asks for another after the
 * one in flight) whose answer is the database as it was at its read; what arrives while it is in flight is
 * applied again to its answer.
 */
function simulate(
  writes: Write[],
  delays: { number: number; deliver: number }[],
  read: { after: number; lands: number },
  rule: Rule,
  /** When the server says `realtime.resync` (a process taken for dead, rightly or not): a refetch. */
  resyncs: number[] = [],
): { shown: Row[]; truth: Row[] } {
  const numberedAt = writes.map((_w, i) => i + delays[i]!.number + i / 1000);
  const order = [...numberedAt.keys()].sort((a, b) => numberedAt[a]! - numberedAt[b]!);
  const seqOf = new Map(order.map((writeIndex, rank) => [writeIndex, rank + 1]));
  const stateAt = (t: number): Row[] => {
    const rows = new Map<number, Row>();
    writes.forEach((w, i) => {
      if (i > t) return;
      if (w.version === "deleted") rows.delete(w.id);
      else rows.set(w.id, { id: w.id, version: w.version });
    });
    return [...rows.values()];
  };
  type Step = { t: number; run: () => void };
  const steps: Step[] = writes.map((_w, i) => ({
    t: numberedAt[i]! + delays[i]!.deliver + i / 997,
    run: () => receive(i),
  }));

  let shown: Row[] = [];
  const memory: LiveRowsMemory = newLiveRowsMemory();
  let last: number | undefined = 0;
  let loading = false;
  let again = false;
  let journal: ((rows: Row[]) => void)[] = [];
  let now = 0;
  for (const t of resyncs) steps.push({ t, run: () => startRefetch() });

  const startRefetch = () => {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    let answer: Row[] = [];
    steps.push({
      t: now + read.after,
      run: () => {
        answer = stateAt(now);
      },
    });
    steps.push({
      t: now + read.after + read.lands,
      run: () => {
        shown = answer;
        for (const change of journal) change(shown);
        journal = [];
        loading = false;
        if (again) {
          again = false;
          startRefetch();
        }
      },
    });
  };
  const receive = (i: number) => {
    const w = writes[i]!;
    const event: ServerEventName = w.version === "deleted" ? "orderitems.deleted" : "orderitems.upserted";
    const a = rule(event, seqOf.get(i)!, last);
    last = a.last;
    if (a.gap) startRefetch();
    if (!a.apply) return;
    const change = (rows: Row[]) =>
      w.version === "deleted"
        ? removeVersioned(rows, w.id, memory)
        : void upsertVersioned(rows, { id: w.id, version: w.version }, memory);
    if (loading) journal.push(change);
    change(shown);
  };

  while (steps.length > 0) {
    steps.sort((a, b) => a.t - b.t);
    const step = steps.shift()!;
    now = step.t;
    step.run();
  }
  const byId = (rows: Row[]) => [...rows].sort((a, b) => a.id - b.id);
  return { shown: byId(shown), truth: byId(stateAt(writes.length)) };
}

/** Writes to three order items: each is inserted (version 1), updated some times, maybe deleted. */
const writesArb = fc
  .array(fc.record({ id: fc.integer({ min: 1, max: 3 }), deletes: fc.boolean() }), {
    minLength: 2,
    maxLength: 10,
  })
  .map((picks) => {
    const versions = new Map<number, number | "deleted">();
    const writes: Write[] = [];
    for (const { id, deletes } of picks) {
      const v = versions.get(id);
      if (v === "deleted") continue; // ids are never reused
      const next = deletes && v !== undefined ? "deleted" : (v ?? 0) + 1;
      versions.set(id, next);
      writes.push({ id, version: next });
    }
    return writes;
  });

const scenarioArb = writesArb.chain((writes) =>
  fc.record({
    writes: fc.constant(writes),
    delays: fc.array(
      fc.record({ number: fc.integer({ min: 0, max: 6 }), deliver: fc.integer({ min: 0, max: 6 }) }),
      { minLength: writes.length, maxLength: writes.length },
    ),
    read: fc.record({
      after: fc.double({ min: 0.01, max: 4, noNaN: true }),
      lands: fc.double({ min: 0.01, max: 4, noNaN: true }),
    }),
    resyncs: fc.array(fc.double({ min: 0, max: 20, noNaN: true }), { maxLength: 2 }),
  }),
);

describe("numbers and rows: a client converges whatever the order of numbering, delivery and refetch", () => {
  it("the exact interleaving of the failed convergence run: a late delete, then an older upsert numbered after it", () => {
    // Commits: row 1 inserted (process A), row 1 deleted (process B), row 2 inserted (A). A numbers its
    // insert of row 1 last (3); B's delete gets 1, A's insert of row 2 gets 2. The client on A gets 2 first
    // (its own process, a jump: refetch after the delete), then the delete (1, late), then row 1's insert (3).
    const writes: Write[] = [
      { id: 1, version: 1 },
      { id: 1, version: "deleted" },
      { id: 2, version: 1 },
    ];
    const delays = [
      { number: 5, deliver: 0 },
      { number: 0, deliver: 3 },
      { number: 0, deliver: 0 },
    ];
    const read = { after: 0.1, lands: 0.1 };
    expect(simulate(writes, delays, read, admit)).toEqual({
      shown: [{ id: 2, version: 1 }],
      truth: [{ id: 2, version: 1 }],
    });
    // Control: with every late event dropped the delete is forgotten and the insert brings row 1 back.
    expect(simulate(writes, delays, read, dropEveryLate).shown).toEqual([
      { id: 1, version: 1 },
      { id: 2, version: 1 },
    ]);
  });

  it("the same, with the insert arriving while the refetch is in flight (replayed onto an answer read after the delete)", () => {
    const writes: Write[] = [
      { id: 1, version: 1 },
      { id: 1, version: "deleted" },
      { id: 2, version: 1 },
    ];
    const delays = [
      { number: 3, deliver: 0.5 },
      { number: 0, deliver: 2 },
      { number: 0, deliver: 0 },
    ];
    // The refetch caused by 2's jump reads after the delete and lands after row 1's insert arrived.
    const read = { after: 0.5, lands: 3 };
    expect(simulate(writes, delays, read, admit).shown).toEqual([{ id: 2, version: 1 }]);
    expect(simulate(writes, delays, read, dropEveryLate).shown).toContainEqual({ id: 1, version: 1 });
  });

  it("property: once everything is delivered and every refetch (gaps, resyncs) landed, the list equals the database", () => {
    fc.assert(
      fc.property(scenarioArb, ({ writes, delays, read, resyncs }) => {
        const { shown, truth } = simulate(writes, delays, read, admit, resyncs);
        expect(shown).toEqual(truth);
      }),
      { numRuns: 1000 },
    );
  });

  it("control: with every late event dropped, some order leaves a stale list", () => {
    const stale = fc.check(
      fc.property(scenarioArb, ({ writes, delays, read, resyncs }) => {
        const { shown, truth } = simulate(writes, delays, read, dropEveryLate, resyncs);
        return JSON.stringify(shown) === JSON.stringify(truth);
      }),
      { numRuns: 1000 },
    );
    expect(stale.failed).toBe(true);
  });
});
