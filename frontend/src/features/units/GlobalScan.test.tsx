import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";
import { resetFakeSocket } from "../../test/fakeSocket";
import { json, routes, stubFetch } from "../../test/http";
import { ownerSession, renderPage } from "../../test/render";
import { GlobalScan } from "./GlobalScan";

jest.mock("../../lib/socket", () => require("../../test/fakeSocket").socketModule);

let cameraRead: ((code: string) => void) | null = null;
/** Set by a test: the camera's start waits for this, then fails (a browser without a camera, refused late). */
let cameraRefusal: Promise<void> | null = null;
jest.mock("./camera", () => ({
  startScanner: jest.fn(async (_video: HTMLVideoElement, onCode: (code: string) => void) => {
    if (cameraRefusal) {
      await cameraRefusal;
      throw new Error("NotFoundError");
    }
    cameraRead = onCode;
    return () => undefined;
  }),
}));

const U = ja.units;

function setup() {
  stubFetch(
    routes({
      "GET /api/units/lookup/": (request) => {
        const tag = new URL(request.url).searchParams.get("tag") ?? "";
        return tag === "MIC-0001"
          ? json(200, { id: 42, tag, item: 3 })
          : json(404, { detail: U.unknownTag(tag) });
      },
    }),
  );
  return renderPage(<GlobalScan />, { at: "/cases", path: "*", session: ownerSession });
}

/** Keys pressed `gap` ms apart on `target` (the page: no field focused). */
function keys(text: string, gap: number, target: Element = document.body) {
  const now = jest.spyOn(Date, "now");
  let t = 1_000_000;
  for (const key of [...text, "Enter"]) {
    t += gap;
    now.mockReturnValue(t);
    fireEvent.keyDown(target, { key });
  }
  now.mockRestore();
}

/** A keyboard-wedge scanner: the keys of `text` then Enter, 10 ms apart. */
const wedge = (text: string) => keys(text, 10);

afterEach(() => {
  jest.restoreAllMocks();
  resetFakeSocket();
  cameraRead = null;
  cameraRefusal = null;
});

describe("the app-wide scan (docs/units.md)", () => {
  it("a label read by the camera opens the unit's page", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("button", { name: U.globalScan }));
    const dialog = await screen.findByRole("dialog", { name: U.globalScanTitle });
    await waitFor(() => expect(cameraRead).not.toBeNull());
    // The camera's callback runs outside React's events, as the decoder's would.
    act(() => cameraRead!("NOPE-9"));
    expect(await within(dialog).findByText(U.unknownTag("NOPE-9"))).toBeVisible();
    act(() => cameraRead!("MIC-0001"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/units/42"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("a wedge scanner typing a tag and Enter outside any field opens the unit; an unknown tag says so", async () => {
    setup();
    wedge("MIC-0001");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/units/42"));
    wedge("XYZ-1");
    const dialog = await screen.findByRole("dialog", { name: U.globalScanTitle });
    expect(await within(dialog).findByText(U.unknownTag("XYZ-1"))).toBeVisible();
  });

  it("a camera refused after a typed tag's answer says so on its own line: the answer stays", async () => {
    let refuse = () => {};
    cameraRefusal = new Promise((resolve) => {
      refuse = resolve;
    });
    const { user } = setup();
    await user.click(screen.getByRole("button", { name: U.globalScan }));
    const dialog = await screen.findByRole("dialog", { name: U.globalScanTitle });
    await user.type(within(dialog).getByRole("textbox"), "NOPE-404{Enter}");
    expect(await within(dialog).findByText(U.unknownTag("NOPE-404"))).toBeVisible();
    act(() => refuse());
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(U.cameraFailed);
    expect(within(dialog).getByText(U.unknownTag("NOPE-404"))).toBeVisible();
    // Closed, then opened again by a wedge's unknown tag: that refusal belonged to the last opening.
    await user.click(within(dialog).getByRole("button", { name: U.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    wedge("XYZ-1");
    const again = await screen.findByRole("dialog", { name: U.globalScanTitle });
    expect(await within(again).findByText(U.unknownTag("XYZ-1"))).toBeVisible();
    expect(within(again).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keys typed slowly, or into a field, are not a scan", async () => {
    const { requests } = { ...stubFetch(routes({})) };
    renderPage(
      <>
        <input aria-label="検索" />
        <GlobalScan />
      </>,
      { session: ownerSession },
    );
    // A person typing: 200 ms between keys.
    keys("ABC", 200);
    // A wedge into a field: that field's own business.
    keys("MIC-0001", 10, screen.getByLabelText("検索"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(0);
  });
});
