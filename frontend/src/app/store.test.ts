import { STREAM_POSITIONS_HEADER } from "@zaiko/common/realtime/positions";
import { api } from "../lib/api";
import { route, stubFetch } from "../test/http";
import { makeStore } from "./store";

/** Two lists, one fed by the group stream and one by the member stream. */
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    positionsTestCases: build.query<string[], void>({
      query: () => "/api/positions-test/cases/",
      providesTags: ["WorkCase"],
    }),
    positionsTestMembers: build.query<string[], void>({
      query: () => "/api/positions-test/members/",
      providesTags: ["Member"],
    }),
  }),
  overrideExisting: true,
});

/** Answers every list with the positions the test sets, and counts the reads per path. */
function server(initial: string) {
  const state = { positions: initial };
  const { requests } = stubFetch(async () => {
    return new Response("[]", {
      status: 200,
      headers: { "Content-Type": "application/json", [STREAM_POSITIONS_HEADER]: state.positions },
    });
  });
  const reads = (path: string) => requests.filter((r) => route(r) === `GET ${path}`).length;
  return { state, reads };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => jest.restoreAllMocks());

describe("lists loaded before the socket listened (lib/streamPositions.ts)", () => {
  it("are not read again when nothing was numbered between their answer and the socket", async () => {
    const net = server("group=5,members=2");
    const store = makeStore();
    const sub = store.dispatch(testApi.endpoints.positionsTestCases.initiate());
    await sub;
    store.streamPositions.socketListening({ group: 5, members: 2 });
    await settle();
    // Control: the same list with the socket one number further is read again (next test).
    expect(net.reads("/api/positions-test/cases/")).toBe(1);
    sub.unsubscribe();
  });

  it("are read again, once, when the socket is further in a stream they show", async () => {
    const net = server("group=5,members=2");
    const store = makeStore();
    const cases = store.dispatch(testApi.endpoints.positionsTestCases.initiate());
    const members = store.dispatch(testApi.endpoints.positionsTestMembers.initiate());
    await Promise.all([cases, members]);
    net.state.positions = "group=6,members=2";
    store.streamPositions.socketListening({ group: 6, members: 2 });
    await settle();
    expect(net.reads("/api/positions-test/cases/")).toBe(2);
    // The member list shows nothing of the group stream, which is the only one that moved.
    expect(net.reads("/api/positions-test/members/")).toBe(1);
    cases.unsubscribe();
    members.unsubscribe();
  });

  it("in flight when the socket listened: compared when the answer lands", async () => {
    const net = server("group=5,members=2");
    const store = makeStore();
    store.streamPositions.socketListening({ group: 6, members: 2 });
    const cases = store.dispatch(testApi.endpoints.positionsTestCases.initiate());
    await cases;
    await settle();
    // Read at 5 although the socket listens from 6: the change numbered 6 may be missing, so once more;
    // and only once, even if the second answer were behind too.
    expect(net.reads("/api/positions-test/cases/")).toBe(2);
    cases.unsubscribe();
  });

  it("after the socket is gone, answers wait for the next socket's positions", async () => {
    const net = server("group=5,members=2");
    const store = makeStore();
    store.streamPositions.socketListening({ group: 9, members: 2 });
    store.streamPositions.socketClosed();
    const cases = store.dispatch(testApi.endpoints.positionsTestCases.initiate());
    await cases;
    await settle();
    expect(net.reads("/api/positions-test/cases/")).toBe(1);
    store.streamPositions.socketListening({ group: 5, members: 2 });
    await settle();
    expect(net.reads("/api/positions-test/cases/")).toBe(1);
    cases.unsubscribe();
  });
});
