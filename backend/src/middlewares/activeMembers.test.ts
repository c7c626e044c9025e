import { ActiveMemberCache } from "./activeMembers";

const member = (id: number) => ({ id, groupId: 1, email: `m${id}@example.com`, isOwner: false });

describe("ActiveMemberCache", () => {
  afterEach(() => jest.useRealTimers());

  it("keeps a confirmed member for its time to live, then asks again", () => {
    jest.useFakeTimers({ now: 0 });
    const cache = new ActiveMemberCache(1_000);
    cache.set(member(1));
    jest.setSystemTime(999);
    expect(cache.get(1)).toEqual(member(1));
    jest.setSystemTime(1_000);
    expect(cache.get(1)).toBeUndefined();
  });

  it("forgets a member at once when told that they changed", () => {
    const cache = new ActiveMemberCache(60_000);
    cache.set(member(1));
    cache.forget(1);
    expect(cache.get(1)).toBeUndefined();
  });

  it("keeps nothing with a time to live of 0, and drops the oldest entry when full", () => {
    const off = new ActiveMemberCache(0);
    off.set(member(1));
    expect(off.get(1)).toBeUndefined();
    const small = new ActiveMemberCache(60_000, 2);
    small.set(member(1));
    small.set(member(2));
    small.set(member(3));
    expect([small.get(1), small.get(2)?.id, small.get(3)?.id]).toEqual([undefined, 2, 3]);
  });
});
