import type { ThunkDispatch, UnknownAction } from "@reduxjs/toolkit";
import type { ScreenAddress } from "./earlyRequests";

// biome-ignore lint/suspicious/noExplicitAny: the store's state type lives in app/, which imports the screens
export type AnyDispatch = ThunkDispatch<any, unknown, UnknownAction>;

/**
 * One query a screen starts when it opens: the RTK Query endpoint, its argument, and the URL its `query`
 * asks for with that argument (built by the same function, so the two cannot differ).
 */
export interface FirstQuery<Arg = unknown> {
  endpoint: string;
  arg: Arg;
  url: string;
}

/**
 * A screen's first queries, declared once in its feature's `requests.ts` (small, no API module) and used
 * three ways: the page's hooks take their arguments from it; on a page load at the screen, app/prefetch.ts
 * sends its URLs with the page (lib/earlyRequests.ts), before any of the screen's code has loaded, and
 * starts its queries (RTK Query's `util.prefetch`) as soon as the screen's API module is here, so the
 * queries take those early answers and the screen renders once, with its data. Empty when the address
 * names nothing the screen can show.
 */
export type FirstQueries = (at: ScreenAddress) => FirstQuery[];

/** Declares a first query from its endpoint's argument and the URL builder its `query` uses. */
export const firstQuery = <Arg>(endpoint: string, arg: Arg, url: (arg: Arg) => string): FirstQuery<Arg> => ({
  endpoint,
  arg,
  url: url(arg),
});
