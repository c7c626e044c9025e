import { isValidElement, type ReactNode } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";

type Loader = () => Promise<unknown>;

/** Each lazy screen component and the loader of its chunk (routes.tsx registers them). */
const loaders = new Map<unknown, Loader>();

export function registerScreen(component: unknown, load: Loader): void {
  loaders.set(component, load);
}

/** The lazy screens inside a route's element (`<RequireAuth><Screen /></RequireAuth>`). */
function screensIn(node: ReactNode, found: Loader[] = []): Loader[] {
  if (!isValidElement(node)) return found;
  const load = loaders.get(node.type);
  if (load) found.push(load);
  const children = (node.props as { children?: ReactNode }).children;
  for (const child of Array.isArray(children) ? children : [children]) screensIn(child, found);
  return found;
}

const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === "function"
    ? window.requestIdleCallback(run, { timeout: 5000 })
    : window.setTimeout(run, 200);

/**
 * Starts the current path's screen chunk at once: a signed-in screen is rendered (and so would start
 * loading) only after the session has been restored, one round trip later. Then, each time the browser
 * is idle, one more screen chunk, so that the next screen opens without waiting for the network. One at a
 * time: they do not compete with what the current screen still loads, and each evaluation is a short task.
 */
export function prefetchScreens(routes: RouteObject[], pathname: string): void {
  const current = (matchRoutes(routes, pathname) ?? []).flatMap((match) => screensIn(match.route.element));
  for (const load of current) void load().catch(() => {});
  const rest = [...new Set(loaders.values())].filter((load) => !current.includes(load));
  const next = () => {
    const load = rest.shift();
    if (!load) return;
    // A failed prefetch is retried by React.lazy when the screen is opened.
    void load()
      .catch(() => {})
      .finally(() => whenIdle(next));
  };
  if (document.readyState === "complete") whenIdle(next);
  else window.addEventListener("load", () => whenIdle(next), { once: true });
}
