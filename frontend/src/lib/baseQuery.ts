import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
  retry,
} from "@reduxjs/toolkit/query/react";
import { getApiOrigin, HTTP_TIMEOUT_MS } from "./config";
import { takeEarlyAnswer } from "./earlyRequests";
import {
  isWrite,
  newIdempotencyKey,
  resendWrite,
  withIdempotencyKey,
  writeBackoff,
} from "./idempotentWrites";
import { handleSessionExpired } from "./sessionExpiry";
import { getAccessToken, getCsrfToken } from "./token";
import { REFRESH_PATH, refreshAccessToken } from "./tokenRefresh";

type RawBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

let raw: { origin: string; query: RawBaseQuery } | null = null;

/** fetchBaseQuery bound to the current origin (rebuilt only if a test changes the origin). */
function rawBaseQuery(): RawBaseQuery {
  const origin = getApiOrigin();
  if (raw?.origin !== origin) {
    raw = {
      origin,
      query: fetchBaseQuery({
        baseUrl: origin,
        credentials: "include",
        timeout: HTTP_TIMEOUT_MS,
        // A screen's first GETs may have left with the page already (lib/earlyRequests.ts).
        fetchFn: (request) => takeEarlyAnswer(request as Request) ?? fetch(request),
        prepareHeaders: (headers) => {
          headers.set("Accept", "application/json");
          const token = getAccessToken();
          if (token) headers.set("Authorization", `Bearer ${token}`);
          const csrf = getCsrfToken();
          if (csrf) headers.set("X-CSRFToken", csrf);
          return headers;
        },
      }),
    };
  }
  return raw.query;
}

/**
 * Calls that must never start the refresh flow: a 401 from the login call is a wrong password to
 * show in the banner, and the refresh and logout calls are part of the flow itself.
 */
const NO_REAUTH_PATHS = ["/api/token/", REFRESH_PATH, "/api/logout/"];

function pathOf(args: string | FetchArgs): string {
  const url = typeof args === "string" ? args : args.url;
  return url.split("?")[0] ?? url;
}

/**
 * The one base query: bearer, CSRF, cookies, JSON, 10 s timeout; on a 401 it renews the access
 * token once (shared by concurrent 401s, and by the browser's tabs) and retries the request once. When
 * the server refuses the renewal the session ends (token removed, session cleared, confirm or notice,
 * /login) and the 401 is returned.
 */
export const baseQueryWithReauth: RawBaseQuery = async (args, api, extraOptions) => {
  const result = await rawBaseQuery()(args, api, extraOptions);
  if (result.error?.status !== 401 || NO_REAUTH_PATHS.includes(pathOf(args))) return result;

  const outcome = await refreshAccessToken();
  if (!outcome.ok) {
    // Signed out only when the server refused the session; a refresh that got no answer leaves the
    // session as it is and the request fails as it did.
    if (outcome.ended) handleSessionExpired(api.dispatch, outcome.ended);
    return result;
  }
  // Retried once only: a second 401 is returned as is rather than looping.
  return rawBaseQuery()(args, api, extraOptions);
};

/** baseQueryWithReauth under RTK Query's retry, for writes only: a write whose answer was lost is resent. */
const resentWrites = retry(baseQueryWithReauth, {
  retryCondition: (error, args, { attempt }) => resendWrite(error as FetchBaseQueryError, args, attempt),
  backoff: writeBackoff,
});

/**
 * The base query of the API: a read goes as it always did; a write gets an Idempotency-Key of its own, made
 * here once per call, so the refresh's retry and the resends after a lost answer carry the same key and the
 * server applies the write once (lib/idempotentWrites.ts).
 */
export const baseQuery: RawBaseQuery = (args, api, extraOptions) =>
  isWrite(args)
    ? resentWrites(withIdempotencyKey(args, newIdempotencyKey()), api, extraOptions)
    : baseQueryWithReauth(args, api, extraOptions);
