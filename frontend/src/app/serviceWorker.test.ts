import { screen } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja/appUpdate";
import { registerServiceWorker } from "./serviceWorker";

/** A stand-in for `navigator.serviceWorker`: the browser's events are dispatched by the test. */
function fakeContainer(controller: object | null) {
  const container = Object.assign(new EventTarget(), {
    controller,
    register: jest.fn(async () => ({ update: jest.fn(async () => undefined) })),
  });
  Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
  return container;
}

const router = () => {
  const listeners: ((state: { location: { key: string } }) => void)[] = [];
  return {
    state: { location: { key: "first" } },
    subscribe: jest.fn((listener: (state: { location: { key: string } }) => void) => {
      listeners.push(listener);
      return () => {};
    }),
    listeners,
  };
};

afterEach(() => {
  document.getElementById("app-update-notice")?.remove();
});

describe("registerServiceWorker", () => {
  it("registers /sw.js for the whole app, revalidating the script on every check", async () => {
    const container = fakeContainer(null);
    registerServiceWorker(router());
    expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/", updateViaCache: "none" });
  });

  it("says nothing when the first worker takes control of a page that had none (its clientsClaim)", () => {
    const container = fakeContainer(null);
    const r = router();
    registerServiceWorker(r);
    container.dispatchEvent(new Event("controllerchange"));
    expect(screen.queryByRole("status")).toBeNull();
    expect(r.subscribe).not.toHaveBeenCalled();
  });

  it("offers 再読み込み once a new worker replaces the one that served this page, and waits for the next navigation", async () => {
    const container = fakeContainer({});
    const r = router();
    registerServiceWorker(r);
    container.dispatchEvent(new Event("controllerchange"));
    const notice = await screen.findByRole("status");
    expect(notice).toHaveTextContent(ja.appUpdate.ready);
    expect(screen.getByRole("button", { name: ja.appUpdate.reload })).toBeInTheDocument();
    // The page reloads at the next navigation inside the app (a new location key), not before.
    expect(r.subscribe).toHaveBeenCalledTimes(1);
  });

  it("after a first worker took control, a second one is an update too", async () => {
    const container = fakeContainer(null);
    registerServiceWorker(router());
    container.dispatchEvent(new Event("controllerchange"));
    expect(screen.queryByRole("status")).toBeNull();
    container.dispatchEvent(new Event("controllerchange"));
    expect(await screen.findByRole("status")).toHaveTextContent(ja.appUpdate.ready);
  });
});
