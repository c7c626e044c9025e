import { createReadViewLimit } from "./readViewLimit";

/** A view that stays open until released, counting how many views are open at once. */
function openViews() {
  let open = 0;
  let most = 0;
  const releases: (() => void)[] = [];
  const view =
    (result: string, fail = false) =>
    async () => {
      open++;
      most = Math.max(most, open);
      await new Promise<void>((resolve) => releases.push(resolve));
      open--;
      if (fail) throw new Error(result);
      return result;
    };
  // p-limit starts a view a microtask after it was asked for: a turn of the event loop first, then
  // release until nothing is open or waiting.
  const releaseAll = async () => {
    do {
      await new Promise((r) => setImmediate(r));
      for (const release of releases.splice(0)) release();
    } while (releases.length || open);
  };
  return { view, releaseAll, most: () => most, open: () => open };
}

describe("read view limit", () => {
  it("runs at most the limit at once, the others in order after them, each with its own result", async () => {
    const views = openViews();
    const limit = createReadViewLimit(2);
    const started = ["a", "b", "c", "d", "e"].map((name) => limit(views.view(name)));
    await new Promise((r) => setImmediate(r));
    expect(views.open()).toBe(2);
    await views.releaseAll();
    await expect(Promise.all(started)).resolves.toEqual(["a", "b", "c", "d", "e"]);
    expect(views.most()).toBe(2);
  });

  it("gives the place of a failed view to the next one", async () => {
    const views = openViews();
    const limit = createReadViewLimit(1);
    const failed = expect(limit(views.view("broken", true))).rejects.toThrow("broken");
    const next = limit(views.view("next"));
    await views.releaseAll();
    await failed;
    await expect(next).resolves.toBe("next");
    expect(views.most()).toBe(1);
  });

  it("lets every view run at once with 0", async () => {
    const views = openViews();
    const limit = createReadViewLimit(0);
    const started = Array.from({ length: 6 }, (_, i) => limit(views.view(String(i))));
    await new Promise((r) => setImmediate(r));
    expect(views.open()).toBe(6);
    await views.releaseAll();
    await Promise.all(started);
  });
});
