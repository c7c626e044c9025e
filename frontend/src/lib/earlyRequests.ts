import type { Params } from "react-router-dom";
import { getApiOrigin, HTTP_TIMEOUT_MS } from "./config";
import { getAccessToken } from "./token";

/**
 * A screen's first GET requests, sent with the page instead of after the screen's code.
 *
 * On a page load at a signed-in screen the screen's code is still downloading when the first chunk runs;
 * its queries would ask for their data only once that code has arrived and run, one round trip later on
 * a phone. `requestEarly` sends those GETs at once (app/prefetch.ts, with the URLs of the first queries each
 * screen declares: lib/screenData.ts),
 * and the query that asks for the same URL takes the answer instead of sending its own (lib/baseQuery.ts):
 * the data arrives while the screen's code is still loading.
 *
 * An answer is taken once, only shortly after the page load (a screen opened later asks again), and only
 * by a request with the same access token (another session in the tab asks again).
 */

/** Where a screen is opened: the group from the access token (its `gid`), the route's params, the query. */
export interface ScreenAddress {
  groupId: number;
  params: Params;
  search: URLSearchParams;
}

/** Older than this, an early answer is not used (the screen was not opened at once; its data may have changed). */
const EARLY_ANSWER_MAX_AGE_MS = 15_000;

interface EarlyAnswer {
  response: Promise<Response>;
  authorization: string;
  sentAt: number;
}

const early = new Map<string, EarlyAnswer>();

const absolute = (path: string) => new URL(path, getApiOrigin()).href;

/** Sends GET `path` now with the tab's access token (nothing without one). */
export function requestEarly(path: string): void {
  const token = getAccessToken();
  if (token === null) return;
  const url = absolute(path);
  if (early.has(url)) return;
  const authorization = `Bearer ${token}`;
  const response = fetch(url, {
    credentials: "include",
    headers: { Accept: "application/json", Authorization: authorization },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  // A failed early request is simply not used: the query sends its own.
  response.catch(() => {
    if (early.get(url)?.response === response) early.delete(url);
  });
  early.set(url, { response, authorization, sentAt: Date.now() });
}

/** The early answer to this request, if there is a fresh one; it is handed out once. */
export function takeEarlyAnswer(request: Request): Promise<Response> | undefined {
  if (request.method !== "GET") return undefined;
  const answer = early.get(request.url);
  if (!answer) return undefined;
  early.delete(request.url);
  if (Date.now() - answer.sentAt > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  if (request.headers.get("Authorization") !== answer.authorization) return undefined;
  return answer.response;
}

/** Forgets every early request (tests). */
export function forgetEarlyRequests(): void {
  early.clear();
}
