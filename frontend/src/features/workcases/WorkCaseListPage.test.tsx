import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import type { WorkCaseDto } from "../../lib/allocation";
import { api } from "../../lib/api";
import { expectAlertDialog, expectNoAlertDialog } from "../../test/alerts";
import { resetFakeSocket, serverEmit } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { workCaseDto } from "../../test/workCases";
import { WorkCaseListPage } from "./WorkCaseListPage";
import { workcasesApi } from "./workcasesApi";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

const t = ja.workcases;

const wc = (
  id: number,
  title: string,
  start: string,
  end: string,
  extra: Partial<WorkCaseDto> = {},
): WorkCaseDto => workCaseDto({ id, title, start_date: start, end_date: end, ...extra });

const cases = [
  wc(1, "秋祭り", "2026-11-20T09:00:00+09:00", "2026-11-22T18:00:00+09:00"),
  wc(2, "Winter Fes", "2026-12-01T09:00:00+09:00", "2026-12-03T18:00:00+09:00"),
  // 07:00 on the 22nd in Tokyo is still the 21st in UTC: the day is Tokyo's.
  wc(3, "展示会", "2026-11-22T07:00:00+09:00", "2026-11-24T23:30:00+09:00"),
  wc(4, "壊れた案件", "not a date", "2026-13-45"),
];

/**
 * The list over every case (すべて): the fixed days above are past or future depending on when the test runs.
 * The range buttons' own tests below build cases around today.
 */
function setup(extra: Parameters<typeof routes>[0] = {}, at = "/workcase?range=all", list = cases) {
  const net = stubFetch(routes({ "GET /api/workcaselist/": json(200, list), ...extra }));
  const view = renderPage(<WorkCaseListPage />, { at, path: "/workcase", session: ownerSession });
  return { ...view, ...net };
}

const titles = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
const rowOf = (title: string) => screen.getByRole("link", { name: title }).closest("tr") as HTMLElement;
const dialog = () => screen.getByRole("dialog");

/** Types into a PrimeReact Calendar's input the way a person would (format yy/mm/dd HH:mm). */
async function typeDate(_user: ReturnType<typeof setup>["user"], label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.input(input, { target: { value: text } });
  fireEvent.blur(input);
}

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
});

describe("WorkCaseListPage", () => {
  it("lists cases by end date descending, links titles, and shows 日付データが不正です for bad dates", async () => {
    const { requests } = setup();
    await screen.findByRole("link", { name: "秋祭り" });
    expect(new URL(requests[0]!.url).search).toBe("?groupid=7");
    expect(titles()).toEqual(["Winter Fes", "展示会", "秋祭り", "壊れた案件"]);
    expect(screen.getByRole("columnheader", { name: t.end })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("link", { name: "秋祭り" })).toHaveAttribute("href", "/orderitems/1");
    expect(within(rowOf("秋祭り")).getByText("2026年11月20日 09:00")).toBeInTheDocument();
    expect(within(rowOf("壊れた案件")).getAllByText(ja.errors.invalidDate)).toHaveLength(2);
    for (const label of [t.edit, t.delete, t.duplicate]) {
      expect(within(rowOf("秋祭り")).getByRole("button", { name: `${label}: 秋祭り` })).toBeInTheDocument();
    }
  });

  it("searches titles case-insensitively and clears the search", async () => {
    const { user } = setup();
    await screen.findByRole("link", { name: "秋祭り" });
    await user.type(screen.getByRole("searchbox", { name: t.search }), "winter");
    expect(titles()).toEqual(["Winter Fes"]);
    await user.click(screen.getByRole("button", { name: t.clearSearch }));
    expect(titles()).toHaveLength(4);
  });

  it("期間検索 keeps cases whose start day ≤ the day ≤ end day (Tokyo days, inclusive)", async () => {
    const { user } = setup();
    await screen.findByRole("link", { name: "秋祭り" });
    await typeDate(user, t.periodSearch, "2026/11/21");
    await waitFor(() => expect(titles()).toEqual(["秋祭り"]));
    await typeDate(user, t.periodSearch, "2026/11/22");
    await waitFor(() => expect(titles()).toEqual(["展示会", "秋祭り"]));
    await typeDate(user, t.periodSearch, "2026/11/24");
    await waitFor(() => expect(titles()).toEqual(["展示会"]));
    await typeDate(user, t.periodSearch, "2026/11/25");
    await waitFor(() => expect(screen.getByText(ja.table.empty)).toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: t.clearDate }));
    await waitFor(() => expect(titles()).toHaveLength(4));
  });

  it("validates the create form: required messages, a bad range inline and as an alert, confirm disabled", async () => {
    const { user } = setup();
    await screen.findByRole("link", { name: "秋祭り" });
    await user.click(screen.getByRole("button", { name: t.create }));
    await screen.findByRole("dialog"); // the form dialog loads when first opened
    expect(within(dialog()).getByText(t.dialogCreate, { selector: ".p-dialog-title" })).toBeInTheDocument();
    const confirm = within(dialog()).getByRole("button", { name: t.submitCreate });
    expect(confirm).toBeDisabled();

    const title = within(dialog()).getByLabelText(t.caseTitle);
    await user.click(title);
    await user.tab();
    expect(within(dialog()).getByText(ja.validation.workCaseTitleRequired)).toBeInTheDocument();
    await user.type(title, "新しい案件");

    await typeDate(user, t.startDate, "2026/11/25 10:00");
    expect(confirm).toBeDisabled(); // the end is still missing
    await typeDate(user, t.endDate, "2026/11/24 10:00");
    expect(await within(dialog()).findByText(ja.validation.startAfterEnd)).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    // Not while the user is on the dates (typing, or moving from one date to the other) ...
    await user.click(screen.getByLabelText(t.startDate));
    await user.click(screen.getByLabelText(t.endDate));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expectNoAlertDialog();
    // ... but once they leave them: the spec's alert, in the app.
    await user.click(within(dialog()).getByLabelText(t.note));
    const alert = await expectAlertDialog(ja.validation.startAfterEnd);
    await user.click(within(alert).getByRole("button", { name: ja.common.close }));
    await waitFor(() => expectNoAlertDialog());
    // The same bad range is not alerted twice.
    await user.click(screen.getByLabelText(t.endDate));
    await user.click(within(dialog()).getByLabelText(t.note));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expectNoAlertDialog();

    await typeDate(user, t.endDate, "2026/11/26 10:00");
    await waitFor(() =>
      expect(within(dialog()).queryByText(ja.validation.startAfterEnd)).not.toBeInTheDocument(),
    );
    expect(confirm).toBeEnabled();
  });

  it("alerts a reversed period again on Enter, and checks the title's length as the server does", async () => {
    const { user, requests } = setup();
    await screen.findByRole("link", { name: "秋祭り" });
    await user.click(screen.getByRole("button", { name: t.create }));
    await screen.findByRole("dialog"); // the form dialog loads when first opened
    const title = within(dialog()).getByLabelText(t.caseTitle);
    await user.click(title);
    await user.paste("長".repeat(201));
    await user.tab();
    expect(within(dialog()).getByText(ja.validation.tooLong(200))).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, "新しい案件");
    await typeDate(user, t.startDate, "2026/11/25 10:00");
    await typeDate(user, t.endDate, "2026/11/24 10:00");
    await user.click(within(dialog()).getByLabelText(t.note));
    const first = await expectAlertDialog(ja.validation.startAfterEnd);
    await user.click(within(first).getByRole("button", { name: ja.common.close }));
    await waitFor(() => expectNoAlertDialog());
    // Enter in a field of the invalid form: the alert once more, and nothing is sent.
    fireEvent.submit(within(dialog()).getByLabelText(t.note).closest("form")!);
    await expectAlertDialog(ja.validation.startAfterEnd);
    expect(requests.some((r) => route(r) === "POST /api/workcases/")).toBe(false);
  });

  it("creates a case with ISO timestamps with offset and the group", async () => {
    const created = wc(9, "新しい案件", "2026-11-25T10:00:00+09:00", "2026-11-26T10:00:00+09:00");
    const { user, requests } = setup({ "POST /api/workcases/": json(201, created) });
    await screen.findByRole("link", { name: "秋祭り" });
    await user.click(screen.getByRole("button", { name: t.create }));
    await screen.findByRole("dialog"); // the form dialog loads when first opened
    await user.type(within(dialog()).getByLabelText(t.caseTitle), "新しい案件");
    await typeDate(user, t.startDate, "2026/11/25 10:00");
    await typeDate(user, t.endDate, "2026/11/26 10:00");
    await user.type(within(dialog()).getByLabelText(t.note), "メモ");
    await user.click(within(dialog()).getByRole("button", { name: t.submitCreate }));

    // The new case's 案件詳細 opens (issue 36), with the toast.
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/orderitems/9"));
    expect(await screen.findByText(ja.feedback.caseCreated)).toBeInTheDocument();
    const post = requests.find((r) => route(r) === "POST /api/workcases/");
    const body = (await post!.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ title: "新しい案件", note: "メモ", group: 7 });
    expect(String(body.start_date)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    expect(new Date(String(body.end_date)).getTime() - new Date(String(body.start_date)).getTime()).toBe(
      86_400_000,
    );
  });

  it("opens 変更不可 listing the short items when an edit is refused", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const refusal = {
      error: "変更後の期間で在庫不足です",
      shortages: [{ item_id: 11, title: "スピーカー", required: 6, available: 4 }],
    };
    const { user, requests } = setup({ "PUT /api/workcases/1/": json(409, refusal) });
    await screen.findByRole("link", { name: "秋祭り" });
    await user.click(within(rowOf("秋祭り")).getByRole("button", { name: `${t.edit}: 秋祭り` }));
    await screen.findByRole("dialog"); // the form dialog loads when first opened
    expect(within(dialog()).getByLabelText(t.caseTitle)).toHaveValue("秋祭り");
    await user.click(within(dialog()).getByRole("button", { name: t.submitEdit }));

    const notice = await screen.findByRole("dialog", { name: t.refusedTitle });
    expect(within(notice).getByText(t.refusedBody)).toBeInTheDocument();
    expect(within(notice).getByText(t.shortageLine("スピーカー", 6, 4))).toBeInTheDocument();
    const put = requests.find((r) => route(r) === "PUT /api/workcases/1/");
    expect(await put!.json()).toMatchObject({
      id: 1,
      title: "秋祭り",
      start_date: "2026-11-20T09:00:00+09:00",
    });
    await user.click(within(notice).getByRole("button", { name: ja.common.close }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: t.refusedTitle })).not.toBeInTheDocument(),
    );
  });

  it("変更不可 offers 外部手配で補う over the refused period; saving the hire retries the edit", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const refusal = {
      error: "変更後の期間で在庫不足です",
      shortages: [{ item_id: 11, title: "スピーカー", required: 6, available: 4 }],
    };
    let puts = 0;
    const { user, requests } = setup({
      "PUT /api/workcases/1/": (request: Request) => {
        puts += 1;
        return puts === 1
          ? json(409, refusal)
          : request.json().then((body) => json(200, { ...body, version: 2 }));
      },
      "GET /api/availability/items/11/holders/": json(200, {
        item: { id: 11, title: "スピーカー", category_name: "音響", stock_quantity: 4 },
        start_date: "2026-11-20T00:00:00.000Z",
        end_date: "2026-11-22T09:00:00.000Z",
        held_from: "2026-11-20T00:00:00.000Z",
        held_until: "2026-11-22T09:00:00.000Z",
        quantity: 6,
        available: 4,
        holders: [],
        hires: [],
        free_from: null,
      }),
      "GET /api/suppliers/": json(200, [
        { id: 3, name: "東京機材", contact: "", memo: "", group: 7, version: 1 },
      ]),
      "POST /api/subrentals/": json(201, { id: 9 }),
    });
    await screen.findByRole("link", { name: "秋祭り" });
    await user.click(within(rowOf("秋祭り")).getByRole("button", { name: `${t.edit}: 秋祭り` }));
    await screen.findByRole("dialog");
    await user.click(within(dialog()).getByRole("button", { name: t.submitEdit }));
    const notice = await screen.findByRole("dialog", { name: t.refusedTitle });
    await user.click(
      within(notice).getByRole("button", { name: `スピーカーを${ja.subrentals.coverWithHire}` }),
    );
    const form = await screen.findByRole("dialog", { name: ja.subrentals.newSubRental });
    expect(within(form).getByLabelText(ja.subrentals.quantity)).toHaveValue("2");
    await user.click(within(form).getByRole("button", { name: ja.subrentals.submit }));
    await waitFor(() => expect(puts).toBe(2));
    const hire = requests.find((r) => route(r) === "POST /api/subrentals/");
    expect(await hire!.json()).toMatchObject({ supplier: 3, item: 11, quantity: 2, work_case: 1 });
    const holders = requests.find((r) => route(r) === "GET /api/availability/items/11/holders/");
    expect(new URL(holders!.url).searchParams.get("more")).toBe("0");
    expect(new URL(holders!.url).searchParams.get("start")).not.toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: t.refusedTitle })).not.toBeInTheDocument(),
    );
  });

  it("opens 変更不可 for any other edit error too", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const { user } = setup({ "PUT /api/workcases/1/": json(500, {}) });
    await screen.findByRole("link", { name: "秋祭り" });
    await user.click(within(rowOf("秋祭り")).getByRole("button", { name: `${t.edit}: 秋祭り` }));
    await screen.findByRole("dialog"); // the form dialog loads when first opened
    await user.click(within(dialog()).getByRole("button", { name: t.submitEdit }));
    expect(await screen.findByText(t.refusedBody)).toBeInTheDocument();
  });

  it("deletes after 本当にこの案件を削除しますか？ and says 案件を削除しました。", async () => {
    const { user, requests } = setup({ "DELETE /api/workcases/2/": json(204, null) });
    await screen.findByRole("link", { name: "Winter Fes" });
    await user.click(within(rowOf("Winter Fes")).getByRole("button", { name: `${t.delete}: Winter Fes` }));
    const confirm = await screen.findByRole("dialog", { name: t.deleteTitle });
    expect(within(confirm).getByText(t.deleteConfirm)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: t.delete }));
    expect(await screen.findByText(t.deleted)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Winter Fes" })).not.toBeInTheDocument();
    const del = requests.find((r) => route(r) === "DELETE /api/workcases/2/");
    expect(new URL(del!.url).search).toBe("?groupid=7");
  });

  it("duplicates after an in-app confirmation, says so, and alerts 案件編集に失敗しました。 (with the short items of a 409) when that fails", async () => {
    jest.spyOn(console, "error").mockImplementation(() => {});
    const copy = wc(10, "秋祭り（複製）", cases[0]!.start_date, cases[0]!.end_date);
    const { user, requests } = setup({
      "POST /api/duplicate_work_case/1/": json(201, copy),
      "POST /api/duplicate_work_case/2/": json(409, {
        error: "複製先の期間で在庫不足です",
        shortages: [{ item_id: 7, title: "スピーカー", required: 4, available: 2 }],
      }),
      "POST /api/duplicate_work_case/3/": json(500, {}),
    });
    await screen.findByRole("link", { name: "秋祭り" });
    const duplicate = async (title: string) => {
      await user.click(within(rowOf(title)).getByRole("button", { name: `${t.duplicate}: ${title}` }));
      // 複製 asks first (issue 21); the question names the case.
      const ask = await screen.findByRole("alertdialog");
      expect(ask).toHaveTextContent(ja.feedback.duplicateConfirm);
      expect(ask).toHaveTextContent(title);
      return ask;
    };
    // Cancel: nothing is sent.
    await user.click(within(await duplicate("秋祭り")).getByRole("button", { name: ja.common.cancel }));
    await waitFor(() => expectNoAlertDialog());
    expect(requests.some((r) => route(r) === "POST /api/duplicate_work_case/1/")).toBe(false);
    // Confirm: the copy appears and a toast says so.
    await user.click(
      within(await duplicate("秋祭り")).getByRole("button", { name: ja.feedback.duplicateConfirmLabel }),
    );
    expect(await screen.findByRole("link", { name: "秋祭り（複製）" })).toBeInTheDocument();
    expect(await screen.findByText(ja.feedback.caseDuplicated)).toBeInTheDocument();
    await user.click(
      within(await duplicate("Winter Fes")).getByRole("button", { name: ja.feedback.duplicateConfirmLabel }),
    );
    const refused = await expectAlertDialog(t.duplicateFailed);
    expect(refused).toHaveTextContent(t.shortageLine("スピーカー", 4, 2));
    await user.click(within(refused).getByRole("button", { name: ja.common.close }));
    await user.click(
      within(await duplicate("展示会")).getByRole("button", { name: ja.feedback.duplicateConfirmLabel }),
    );
    const failed = await expectAlertDialog(t.duplicateFailed);
    expect(failed).not.toHaveTextContent("スピーカー");
  });

  it("opens on the cases running or starting from today, soonest first; 今週, 来週, すべて change it", async () => {
    const DAY = 86_400_000;
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    const around = [
      wc(21, "先週の案件", at(-9), at(-8)),
      wc(22, "開催中の案件", at(-1), at(1)),
      wc(23, "来月の案件", at(30), at(31)),
      wc(24, "明日からの案件", at(1), at(2)),
    ];
    const { user } = setup({}, "/workcase", around);
    await screen.findByRole("link", { name: "開催中の案件" });
    expect(titles()).toEqual(["開催中の案件", "明日からの案件", "来月の案件"]);
    expect(screen.getByRole("columnheader", { name: t.start })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByRole("button", { name: t.range.upcoming })).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: t.range.all }));
    expect(titles()).toEqual(["来月の案件", "明日からの案件", "開催中の案件", "先週の案件"]);
    // Kept in the URL: the way back from a case shows the same list.
    expect(screen.getByTestId("location")).toHaveAttribute("data-search", "?range=all");

    await user.click(screen.getByRole("button", { name: t.range.nextWeek }));
    expect(titles()).not.toContain("先週の案件");
    expect(titles()).not.toContain("来月の案件");
    await user.click(screen.getByRole("button", { name: t.range.today }));
    expect(titles()).toEqual(["開催中の案件"]);
  });

  it("alerts when the list cannot be loaded, and applies live workcases events", async () => {
    setup();
    await screen.findByRole("link", { name: "秋祭り" });
    serverEmit("workcases.upserted", {
      seq: 2,
      workcase: wc(11, "他の人の案件", cases[0]!.start_date, "2027-01-01T00:00:00+09:00"),
    });
    expect(await screen.findByRole("link", { name: "他の人の案件" })).toBeInTheDocument();
    serverEmit("workcases.deleted", { seq: 3, id: 1 });
    await waitFor(() => expect(screen.queryByRole("link", { name: "秋祭り" })).not.toBeInTheDocument());
    jest.spyOn(console, "error").mockImplementation(() => {});
    stubFetch(() => json(500, {}));
    renderPage(<WorkCaseListPage />, { at: "/workcase", session: { ...ownerSession, groupId: 8 } });
    await expectAlertDialog(t.fetchFailed);
  });
});

/**
 * Every row of a list answer passes the store's one rule (lib/liveState.ts, lib/liveCache.ts liveList), as
 * an event's does: the answer of a refetch (here asked for by invalidating the list, as a reconnect does) is
 * served from `answer`, which a test sets to a list read before a change the page already shows.
 */
describe("WorkCaseListPage: list answers and events", () => {
  function live(first: WorkCaseDto[]) {
    const state = { answer: first, held: undefined as Promise<void> | undefined };
    const view = setup({
      "GET /api/workcaselist/": async () => {
        await state.held;
        return json(200, state.answer);
      },
      "DELETE /api/workcases/2/": json(204, null),
    });
    const reads = () => view.requests.filter((r) => route(r) === "GET /api/workcaselist/").length;
    const refetch = () =>
      act(() => {
        view.store.dispatch(api.util.invalidateTags([{ type: "WorkCase", id: "LIST" }]));
      });
    return { ...view, state, reads, refetch };
  }
  const newcomer = wc(12, "新しい案件", cases[1]!.start_date, cases[1]!.end_date);

  it("an answer read before an event's newer row does not put the older one back; a newer answer row goes in", async () => {
    const page = live(cases);
    await screen.findByRole("link", { name: "秋祭り" });
    serverEmit("workcases.upserted", {
      seq: 2,
      workcase: { ...cases[0]!, title: "秋祭り（更新）", version: 3 },
    });
    await screen.findByRole("link", { name: "秋祭り（更新）" });

    page.state.answer = [
      { ...cases[0]!, title: "秋祭り（古い）", version: 2 },
      { ...cases[1]!, title: "Winter Fes 2", version: 2 },
      cases[2]!,
      newcomer,
    ];
    await page.refetch();
    // The answer has landed once its new case shows.
    await screen.findByRole("link", { name: "新しい案件" });
    expect(page.reads()).toBe(2);
    expect(screen.getByRole("link", { name: "秋祭り（更新）" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "秋祭り（古い）" })).not.toBeInTheDocument();
    // Control: the answer's own newer rows go in.
    expect(screen.getByRole("link", { name: "Winter Fes 2" })).toBeInTheDocument();
  });

  it("a case deleted by an event does not come back from an answer that still has it", async () => {
    const page = live(cases);
    await screen.findByRole("link", { name: "Winter Fes" });
    serverEmit("workcases.deleted", { seq: 2, id: 2 });
    await waitFor(() => expect(screen.queryByRole("link", { name: "Winter Fes" })).not.toBeInTheDocument());

    page.state.answer = [...cases, newcomer];
    await page.refetch();
    await screen.findByRole("link", { name: "新しい案件" });
    expect(screen.queryByRole("link", { name: "Winter Fes" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "秋祭り" })).toBeInTheDocument();
  });

  it("the user's own delete stays when a refetch read before it answers after it", async () => {
    const page = live(cases);
    await screen.findByRole("link", { name: "Winter Fes" });
    let release = () => {};
    page.state.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    page.state.answer = [...cases, newcomer];
    await page.refetch();
    await waitFor(() => expect(page.reads()).toBe(2));
    // The refetch is out (read before the delete); the delete is answered first.
    await act(async () => {
      await page.store.dispatch(workcasesApi.endpoints.deleteWorkCase.initiate({ id: 2, groupId: 7 }));
    });
    await waitFor(() => expect(screen.queryByRole("link", { name: "Winter Fes" })).not.toBeInTheDocument());
    release();
    await screen.findByRole("link", { name: "新しい案件" });
    expect(screen.queryByRole("link", { name: "Winter Fes" })).not.toBeInTheDocument();
  });
});
