import { screen, waitFor, within } from "@testing-library/react";
import { describeHistory } from "@zaiko/common/history/describe";
import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { UnitPageDto } from "@zaiko/common/units/units.schema";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { historyEntryDto, historyLines } from "../../test/history";
import { json, route, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { unitDto } from "../../test/units";
import { UnitPage } from "./UnitPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const page: UnitPageDto = {
  unit: unitDto(7, { item: 9, tag: "MIC-0001", created: "2030-04-01T00:00:00Z" }),
  movements: [],
  cases: [],
};

const entry = (id: number, over: Partial<HistoryEntryDto>) =>
  historyEntryDto(id, {
    action: "orderitem.issue",
    before: { issued_quantity: 0 },
    after: { issued_quantity: 1, units: "MIC-0001" },
    ...over,
  });

const tracking = entry(1, {
  action: "unit.tracking",
  work_case: null,
  case_title: null,
  quantity: 2,
  before: { unit_tracked: false },
  after: { unit_tracked: true },
});
const issue = entry(2, {});
const receive = entry(3, {
  action: "orderitem.receive",
  before: { received_quantity: 0 },
  after: { received_quantity: 1, units: "MIC-0001" },
});

const lines = () => historyLines(ja.history.itemTitle);

beforeEach(resetFakeSocket);
afterEach(() => jest.restoreAllMocks());

describe("UnitPage: the unit's 履歴", () => {
  it("lists the unit's entries newest first and reads them again when an entry of its item arrives", async () => {
    let answer = [issue, tracking];
    const { requests } = stubFetch((request) => {
      if (route(request) === "GET /api/units/7/") return json(200, page);
      if (route(request) === "GET /api/history/") return json(200, answer);
      return json(599, { detail: route(request) });
    });
    renderPage(<UnitPage />, { at: "/units/7", path: "/units/:id", session: ownerSession });
    await waitFor(() => expect(lines()).toEqual([describeHistory(issue), describeHistory(tracking)]));
    const historyReads = () =>
      requests.filter((r) => route(r) === "GET /api/history/").map((r) => new URL(r.url).search);
    // The unit's history, asked for by the unit alone (the server decides which entries name it).
    expect(historyReads()).toEqual(["?unit=7"]);

    // Another item's entry is not about this unit: nothing is read again.
    serverEmit("history.added", { seq: 1, entries: [entry(4, { item: 10, item_title: "スピーカー" })] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(historyReads()).toEqual(["?unit=7"]);
    // An entry of the unit's item may be: the list is read again and the new entry shows on top.
    answer = [receive, issue, tracking];
    serverEmit("history.added", { seq: 2, entries: [receive] });
    await waitFor(() =>
      expect(lines()).toEqual([describeHistory(receive), describeHistory(issue), describeHistory(tracking)]),
    );
    expect(lines()[0]).toBe(`${ja.history.receive("山田 太郎", "ワイヤレスマイク", 1)}（MIC-0001）`);
    expect(historyReads()).toEqual(["?unit=7", "?unit=7"]);
  });

  it("says so when the unit has no entries", async () => {
    stubFetch((request) =>
      route(request) === "GET /api/units/7/" ? json(200, page) : json(200, [] as HistoryEntryDto[]),
    );
    renderPage(<UnitPage />, { at: "/units/7", path: "/units/:id", session: ownerSession });
    await waitFor(() =>
      expect(
        within(screen.getByRole("region", { name: ja.history.itemTitle })).getByText(ja.history.empty),
      ).toBeInTheDocument(),
    );
  });
});
