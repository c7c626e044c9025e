import { screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { WorkCaseDto } from "../../lib/allocation";
import { businessNow } from "../../lib/dateTime";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { workCaseDto } from "../../test/workCases";
import { WorkCaseListPage } from "./WorkCaseListPage";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const L = ja.lifecycle;
const t = ja.workcases;

const wc = (id: number, title: string, extra: Partial<WorkCaseDto> = {}): WorkCaseDto =>
  workCaseDto({
    id,
    title,
    start_date: "2026-12-01T09:00:00+09:00",
    end_date: `2026-12-0${id}T18:00:00+09:00`,
    ...extra,
  });

const cases = [
  wc(1, "本決まり"),
  wc(2, "A社仮", {
    status: "tentative",
    hold_until: "2026-11-30T09:00:00Z",
    held_by: 3,
    held_by_name: "佐藤 花子",
  }),
  wc(3, "流れた案件", {
    status: "cancelled",
    hold_until: "2026-11-20T09:00:00Z",
    held_by: 3,
    held_by_name: "佐藤 花子",
  }),
];

// すべて: the cases' days are fixed, and the list opens on the cases from today on.
function setup(extra: Parameters<typeof routes>[0] = {}, list = cases) {
  const net = stubFetch(routes({ "GET /api/workcaselist/": json(200, list), ...extra }));
  const view = renderPage(<WorkCaseListPage />, {
    at: "/workcase?range=all",
    path: "/workcase",
    session: ownerSession,
  });
  return { ...view, ...net };
}

const rowOf = (title: string) => screen.getByRole("link", { name: title }).closest("tr") as HTMLElement;
const titles = () => screen.queryAllByRole("link").map((a) => a.textContent);
const dialog = () => screen.getByRole("dialog");

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("WorkCaseListPage: case status (docs/lifecycle.md)", () => {
  it("shows each case's status, a hold's deadline and holder, and filters by status", async () => {
    const { user } = setup();
    await screen.findByRole("link", { name: "A社仮" });
    expect(within(rowOf("本決まり")).getByText(L.confirmed)).toBeInTheDocument();
    expect(within(rowOf("A社仮")).getByText(L.tentative)).toBeInTheDocument();
    expect(
      within(rowOf("A社仮")).getByText(L.holdInfo("2026年11月30日 18:00", "佐藤 花子")),
    ).toBeInTheDocument();
    expect(within(rowOf("流れた案件")).getByText(L.lapsedInfo("2026年11月20日 18:00"))).toBeInTheDocument();
    // A lapsed hold reads 期限切れ, not キャンセル (which reads as "the client cancelled").
    expect(within(rowOf("流れた案件")).getByText(L.lapsedLabel)).toBeInTheDocument();
    expect(within(rowOf("流れた案件")).queryByText(L.cancelled)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: L.statusFilter }));
    await user.click(await screen.findByRole("option", { name: L.tentative, hidden: true }));
    await waitFor(() => expect(titles()).toEqual(["A社仮"]));
    await user.click(screen.getByRole("button", { name: L.statusFilter }));
    await user.click(await screen.findByRole("option", { name: L.allStatuses, hidden: true }));
    await waitFor(() => expect(titles()).toHaveLength(3));
  });

  it("a hold that lapses within a day says so; one further off does not", async () => {
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const hold = { status: "tentative" as const, held_by: 3, held_by_name: "佐藤 花子" };
    setup({}, [
      wc(1, "明日まで", { ...hold, hold_until: inHours(5) }),
      wc(2, "来週まで", { ...hold, hold_until: inHours(72) }),
    ]);
    await screen.findByRole("link", { name: "明日まで" });
    expect(within(rowOf("明日まで")).getByText(/^まもなく期限切れ/)).toBeInTheDocument();
    expect(within(rowOf("来週まで")).queryByText(/^まもなく期限切れ/)).not.toBeInTheDocument();
  });

  it("a status change of another screen arrives live", async () => {
    setup();
    await screen.findByRole("link", { name: "A社仮" });
    serverEmit("workcases.upserted", {
      seq: 1,
      workcase: { ...cases[1]!, status: "confirmed", hold_until: null, version: cases[1]!.version + 1 },
    });
    await waitFor(() => expect(within(rowOf("A社仮")).getByText(L.confirmed)).toBeInTheDocument());
  });

  it("creates a 仮押さえ: the deadline is required, then sent with the status", async () => {
    const created = wc(9, "新しい仮", {
      status: "tentative",
      hold_until: "2026-12-24T09:00:00Z",
      held_by: 1,
    });
    const { user, requests } = setup({ "POST /api/workcases/": json(201, created) });
    await screen.findByRole("link", { name: "A社仮" });
    await user.click(screen.getByRole("button", { name: t.create }));
    await screen.findByRole("dialog"); // the form dialog loads when first opened
    await user.type(within(dialog()).getByLabelText(t.caseTitle), "新しい仮");
    for (const [label, text] of [
      [t.startDate, "2026/12/25 10:00"],
      [t.endDate, "2026/12/26 10:00"],
    ] as const) {
      await user.type(within(dialog()).getByLabelText(label), text);
      await user.tab();
    }
    await user.click(within(dialog()).getByLabelText(L.tentative));
    const submit = within(dialog()).getByRole("button", { name: t.submitCreate });
    // The deadline starts at 7 days from today at 18:00 (issue 36), so the form can be sent at once.
    const deadline = within(dialog()).getByLabelText(L.holdUntil) as HTMLInputElement;
    const week = businessNow();
    week.setDate(week.getDate() + 7);
    const pad = (n: number) => String(n).padStart(2, "0");
    expect(deadline.value).toBe(
      `${week.getFullYear()}/${pad(week.getMonth() + 1)}/${pad(week.getDate())} 18:00`,
    );
    await waitFor(() => expect(submit).toBeEnabled());
    // Still required: cleared (the field reads its text when left), the form cannot be sent.
    await user.clear(deadline);
    await user.tab();
    await waitFor(() => expect(submit).toBeDisabled());
    await user.type(deadline, "2026/12/24 18:00");
    await user.tab();
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    // The new case's 案件詳細 opens (issue 36).
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/orderitems/9"));
    const post = requests.find((r) => route(r) === "POST /api/workcases/");
    const body = (await post!.json()) as { status: string; hold_until: string; start_date: string };
    expect(body.status).toBe("tentative");
    expect(body.hold_until).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    // Typed 16 hours before the start (the test zone may differ from Tokyo; the distance does not).
    expect(Date.parse(body.hold_until) - Date.parse(body.start_date)).toBe(-16 * 3_600_000);
    // Typing three dates into the form takes long in jsdom on a busy machine.
  }, 60_000);
});
