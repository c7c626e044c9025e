import { screen } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja/appUpdate";
import { registerServiceWorker } from "./serviceWorker";

/** A stand-in for `navigator.serviceWorker`: the browser's events are dispatched by the test. */
function fakeContainer(controller: ServiceWorker | null) {
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
    registerServiceWorker(router(), null);
    expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/", updateViaCache: "none" });
  });

  it("says nothing when the first worker takes control of a page that had none (its clientsClaim)", () => {
    const container = fakeContainer(null);
    const r = router();
    registerServiceWorker(r, null);
    container.dispatchEvent(new Event("controllerchange"));
    expect(screen.queryByRole("status")).toBeNull();
    expect(r.subscribe).not.toHaveBeenCalled();
  });

  it("offers 再読み込み once a new worker replaces the one that served this page, and waits for the next navigation", async () => {
    const first = {} as ServiceWorker;
    const container = fakeContainer(first);
    const r = router();
    registerServiceWorker(r, first);
    container.dispatchEvent(new Event("controllerchange"));
    const notice = await screen.findByRole("status");
    expect(notice).toHaveTextContent(ja.appUpdate.ready);
    expect(screen.getByRole("button", { name: ja.appUpdate.reload })).toBeInTheDocument();
    // The page reloads at the next navigation inside the app (a new location key), not before.
    expect(r.subscribe).toHaveBeenCalledTimes(1);
  });

  it("after a first worker took control, a second one is an update too", async () => {
    const container = fakeContainer(null);
    registerServiceWorker(router(), null);
    container.dispatchEvent(new Event("controllerchange"));
    expect(screen.queryByRole("status")).toBeNull();
    container.dispatchEvent(new Event("controllerchange"));
    expect(await screen.findByRole("status")).toHaveTextContent(ja.appUpdate.ready);
  });

  it("a new worker that took over before this module ran (its controllerchange missed) is an update too", async () => {
    const served = {} as ServiceWorker;
    fakeContainer({} as ServiceWorker);
    const r = router();
    registerServiceWorker(r, served);
    expect(await screen.findByRole("status")).toHaveTextContent(ja.appUpdate.ready);
    expect(r.subscribe).toHaveBeenCalledTimes(1);
  });

  it("the worker that served the page, still in control, is no update", () => {
    const served = {} as ServiceWorker;
    fakeContainer(served);
    const r = router();
    registerServiceWorker(r, served);
    expect(screen.queryByRole("status")).toBeNull();
    expect(r.subscribe).not.toHaveBeenCalled();
  });

  it("a page a worker claimed before this module ran (another tab registered it) hears of the next one", async () => {
    const container = fakeContainer({} as ServiceWorker);
    registerServiceWorker(router(), null);
    expect(screen.queryByRole("status")).toBeNull();
    container.dispatchEvent(new Event("controllerchange"));
    expect(await screen.findByRole("status")).toHaveTextContent(ja.appUpdate.ready);
  });
});
