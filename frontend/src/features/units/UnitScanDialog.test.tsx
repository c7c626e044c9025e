import { act, screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import { resetFakeSocket } from "../../test/fakeSocket";
import { json, route, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { unitDto } from "../../test/units";
import { UnitScanDialog } from "./UnitScanDialog";
import type { ScanLine } from "./unitScan";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

/**
 * The decoder is stubbed: `startScanner` hands the test the function the camera calls with each code read, so
 * a "read" is the test calling it (what BarcodeDetector or the ZXing ponyfill would do for a label in view).
 */
let cameraRead: ((code: string) => void) | null = null;
const stopCamera = jest.fn();
jest.mock("./camera", () => ({
  startScanner: jest.fn(async (_video: HTMLVideoElement, onCode: (code: string) => void) => {
    cameraRead = onCode;
    return stopCamera;
  }),
}));

const U = ja.units;

const line: ScanLine = {
  id: 7,
  item: { id: 3, title: "ワイヤレスマイク" },
  order_quantity: 3,
  issued_quantity: 0,
  received_quantity: 0,
};

const unit = unitDto;

const mic1 = unit(1);
const mic2 = unit(2);
const mic3 = unit(3, {
  status: "out",
  out: { order_item: 99, work_case: 5, work_case_title: "市民ホール公演" },
});
const speaker = unit(9, { item: 4, item_title: "スピーカー", tag: "SPK-0001" });
const byTag = new Map([mic1, mic2, mic3, speaker].map((u) => [u.tag, u]));

function setup() {
  const net = stubFetch(
    routes({
      "GET /api/units/": json(200, [mic1, mic2, mic3]),
      "GET /api/units/lookup/": (request) => {
        const tag = new URL(request.url).searchParams.get("tag") ?? "";
        const found = byTag.get(tag);
        return found ? json(200, found) : json(404, { detail: U.unknownTag(tag) });
      },
    }),
  );
  const send = jest.fn(async () => ({}));
  const onHide = jest.fn();
  const view = renderPage(<UnitScanDialog lines={[line]} kind="issue" onHide={onHide} send={send} />, {
    session: ownerSession,
  });
  return { ...view, ...net, send, onHide };
}

const message = () => screen.getByTestId("unit-scan-message");
const reads = () =>
  within(screen.getByTestId("unit-scan-reads"))
    .queryAllByRole("listitem")
    .map((li) => li.querySelector("strong")?.textContent);

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
  cameraRead = null;
});

describe("the unit scan dialog (docs/units.md)", () => {
  it("lists the camera's reads and refuses a unit elsewhere, of another item, already read, or unknown", async () => {
    const { user } = setup();
    const dialog = await screen.findByRole("dialog", { name: U.scanIssueTitle("ワイヤレスマイク") });
    // The box has the focus: a keyboard-wedge scanner types into it.
    await waitFor(() => expect(within(dialog).getByLabelText(U.scanInput)).toHaveFocus());
    await user.click(within(dialog).getByRole("button", { name: U.camera }));
    await waitFor(() => expect(cameraRead).not.toBeNull());

    await act(async () => cameraRead!("MIC-0001"));
    await waitFor(() => expect(reads()).toEqual(["MIC-0001"]));
    expect(message()).toHaveTextContent("MIC-0001");
    expect(message()).toHaveClass("unit-scan-ok");
    expect(within(dialog).getByText(`${U.scanned}（${U.scannedCount(1, 3)}）`)).toBeInTheDocument();

    // Out on another case: the issue's own words.
    await act(async () => cameraRead!("MIC-0003"));
    await waitFor(() => expect(message()).toHaveTextContent("この機材は案件「市民ホール公演」に出庫中です"));
    expect(message()).toHaveClass("unit-scan-refusal");

    await act(async () => cameraRead!("SPK-0001"));
    await waitFor(() => expect(message()).toHaveTextContent(U.notThisItem("SPK-0001", "ワイヤレスマイク")));

    await act(async () => cameraRead!("NOPE-1"));
    await waitFor(() => expect(message()).toHaveTextContent(U.unknownTag("NOPE-1")));

    // The same label typed (or read again later): already read.
    await user.type(within(dialog).getByLabelText(U.scanInput), "MIC-0001{Enter}");
    await waitFor(() => expect(message()).toHaveTextContent(U.alreadyScanned("MIC-0001")));
    expect(reads()).toEqual(["MIC-0001"]);
  });

  it("takes a label that stays in view once, picks from the list, and sends the units read", async () => {
    const { user, send, onHide, requests } = setup();
    const dialog = await screen.findByRole("dialog", { name: U.scanIssueTitle("ワイヤレスマイク") });
    await user.click(within(dialog).getByRole("button", { name: U.camera }));
    await waitFor(() => expect(cameraRead).not.toBeNull());
    await act(async () => {
      cameraRead!("MIC-0001");
      cameraRead!("MIC-0001");
    });
    await waitFor(() => expect(reads()).toEqual(["MIC-0001"]));
    // A repeat within the window is not a second read: one look-up, no refusal.
    expect(requests.filter((r) => route(r) === "GET /api/units/lookup/")).toHaveLength(1);
    expect(message()).toHaveClass("unit-scan-ok");

    // 一覧から選ぶ offers the units in the warehouse not read yet.
    await user.click(within(dialog).getByText(U.pick));
    expect(within(dialog).queryByRole("button", { name: "MIC-0003" })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole("button", { name: "MIC-0002" }));
    await waitFor(() => expect(reads()).toEqual(["MIC-0001", "MIC-0002"]));

    await user.click(within(dialog).getByRole("button", { name: U.submitIssue(2) }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({ quantity: 2, units: [1, 2] });
  });

  it("shows the server's refusal of the list in words and keeps the reads", async () => {
    const { user, send } = setup();
    send.mockRejectedValueOnce({ status: 409, data: { error: U.outElsewhere("夏祭り") } });
    const dialog = await screen.findByRole("dialog", { name: U.scanIssueTitle("ワイヤレスマイク") });
    await user.type(within(dialog).getByLabelText(U.scanInput), "MIC-0002{Enter}");
    await waitFor(() => expect(reads()).toEqual(["MIC-0002"]));
    await user.click(within(dialog).getByRole("button", { name: U.submitIssue(1) }));
    await waitFor(() => expect(message()).toHaveTextContent("この機材は案件「夏祭り」に出庫中です"));
    expect(reads()).toEqual(["MIC-0002"]);
  });
});
