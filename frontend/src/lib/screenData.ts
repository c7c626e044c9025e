import type { ThunkDispatch, UnknownAction } from "@reduxjs/toolkit";
import type { Params } from "react-router-dom";

/** Where a screen's data requests can start before the screen renders. */
export interface ScreenDataContext {
  /** From the access token (its `gid`), while the session is still being restored. */
  groupId: number;
  params: Params;
  search: URLSearchParams;
}

// biome-ignore lint/suspicious/noExplicitAny: the store's state type lives in app/, which imports the screens
export type AnyDispatch = ThunkDispatch<any, unknown, UnknownAction>;

/**
 * Starts the requests of a screen's first render (RTK Query's `util.prefetch`, the same arguments as the
 * screen's hooks, so they find the answer in the cache). A screen module exports one under the name given
 * to routes.tsx's lazyNamed; app/prefetch.ts calls it on a page load at that screen, as soon as the chunk
 * is here, without waiting for the session's /api/user-info/ answer and the first render.
 */
export type ScreenDataPrefetch = (dispatch: AnyDispatch, at: ScreenDataContext) => void;
