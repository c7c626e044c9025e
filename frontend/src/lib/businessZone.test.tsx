/**
 * @jest-environment-options {"timezone": "America/New_York"}
 */
import { screen, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import { makeStore } from "../app/store";
import { authApi } from "../features/auth/authApi";
import { WorkCaseListPage } from "../features/workcases/WorkCaseListPage";
import { resetFakeSocket } from "../test/fakeSocket";
import { json, route, routes, stubFetch } from "../test/http";
import { ownerSession, renderPage } from "../test/render";
import { workCaseDto } from "../test/workCases";
import { businessTimeZone, setBusinessTimeZone } from "./businessZone";
import { displayDateTime, isoFromWallClock, wallClockOf } from "./dateTime";

jest.mock("./socket", () => require("../test/fakeSocket").socketModule);

const t = ja.workcases;

/**
 * The browser here is in New York (the environment option above): every date-time must still be the
 * business zone's (docs/decisions.md, "Time zone").
 */
describe("a browser in another zone than the business zone", () => {
  afterEach(() => {
    setBusinessTimeZone("Asia/Tokyo");
    resetFakeSocket();
    jest.restoreAllMocks();
  });

  it("really runs in New York (the control: without it the rest proves nothing)", () => {
    expect(new Date(2026, 10, 22, 12).getTimezoneOffset()).toBe(300);
  });

  it("shows and edits the business wall clock, and sends it back unchanged", () => {
    expect(displayDateTime("2026-11-22T00:30:00Z")).toBe("2026年11月22日 09:30");
    const field = wallClockOf("2026-11-22T00:30:00Z")!;
    expect([field.getDate(), field.getHours(), field.getMinutes()]).toEqual([22, 9, 30]);
    expect(isoFromWallClock(field)).toBe("2026-11-22T09:30:00+09:00");
    // A time typed into a field is business time too.
    expect(isoFromWallClock(new Date(2026, 10, 25, 10, 0))).toBe("2026-11-25T10:00:00+09:00");
  });

  it("takes the zone from GET /api/user-info/ and shows that one", async () => {
    stubFetch(
      routes({
        "GET /api/user-info/": json(200, {
          id: 7,
          group: "東京機材",
          user: { ...ownerSession, first_name: "太郎", last_name: "山田", groups: [7] },
          time_zone: "Pacific/Auckland",
        }),
      }),
    );
    const store = makeStore();
    await store.dispatch(authApi.endpoints.userInfo.initiate(undefined, { subscribe: false }));
    expect(businessTimeZone()).toBe("Pacific/Auckland");
    expect(displayDateTime("2026-11-22T10:30:00Z")).toBe("2026年11月22日 23:30");
  });

  it("opens the case edit form on the times the list shows, and saves them as they were", async () => {
    const kase = workCaseDto({ id: 1 });
    const net = stubFetch(
      routes({ "GET /api/workcaselist/": json(200, [kase]), "PUT /api/workcases/1/": json(200, kase) }),
    );
    // すべて: the case's days are fixed, and the list opens on the cases from today on.
    const { user } = renderPage(<WorkCaseListPage />, {
      at: "/workcase?range=all",
      path: "/workcase",
      session: ownerSession,
    });
    const row = (await screen.findByRole("link", { name: "秋祭り" })).closest("tr") as HTMLElement;
    expect(within(row).getByText("2026年11月20日 09:00")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: `${t.edit}: 秋祭り` }));
    const dialog = await screen.findByRole("dialog"); // the form dialog loads when first opened
    expect(within(dialog).getByLabelText(t.startDate)).toHaveValue("2026/11/20 09:00");
    expect(within(dialog).getByLabelText(t.endDate)).toHaveValue("2026/11/22 18:00");
    await user.click(within(dialog).getByRole("button", { name: t.submitEdit }));
    await screen.findByText(ja.feedback.caseUpdated);
    const put = net.requests.find((r) => route(r) === "PUT /api/workcases/1/");
    expect(await put!.json()).toMatchObject({
      start_date: "2026-11-20T09:00:00+09:00",
      end_date: "2026-11-22T18:00:00+09:00",
    });
  });
});
