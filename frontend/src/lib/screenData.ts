import type { ThunkDispatch, UnknownAction } from "@reduxjs/toolkit";
import type { ScreenAddress } from "./earlyRequests";

// biome-ignore lint/suspicious/noExplicitAny: the store's state type lives in app/, which imports the screens
export type AnyDispatch = ThunkDispatch<any, unknown, UnknownAction>;

/**
 * Starts the queries of a screen's first render (RTK Query's `util.prefetch`, the same arguments as the
 * screen's hooks), so that the screen's first render finds their answers in the cache and renders once,
 * with its data, instead of rendering empty and again when the answers come. A screen module exports one
 * under the name given to routes.tsx's lazyNamed; app/prefetch.ts calls it on a page load at that screen,
 * as soon as the module is here, without waiting for the session's /api/user-info/ answer. The requests
 * themselves have left with the page (lib/earlyRequests.ts): the queries take their answers.
 */
export type ScreenDataPrefetch = (dispatch: AnyDispatch, at: ScreenAddress) => void;
