import { combineReducers, configureStore } from "@reduxjs/toolkit";
import type { EventStream } from "@zaiko/common/realtime/events";
import { sessionReducer } from "../features/auth/sessionSlice";
import { api, type TAG_TYPES } from "../lib/api";
import { createLiveState } from "../lib/liveState";
import { endSession, handleSessionExpired } from "../lib/sessionExpiry";
import { configureSocket } from "../lib/socket";
import { StreamPositionTracker } from "../lib/streamPositions";
import { onOtherTabs, refreshCoordinationDisabled } from "../lib/tabSync";
import { setAccessToken, tokenUserId } from "../lib/token";

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (the app makes one; each test makes its own). */
export function makeStore(preloadedState?: Partial<RootState>) {
  // The store does not exist yet when the tracker is made; its functions run only once it does.
  let getState: () => RootState = () => {
    throw new Error("store not ready");
  };
  let dispatch: (action: unknown) => unknown = () => undefined;
  const positions = new StreamPositionTracker({
    cachedQueriesOf: (stream) =>
      api.util.selectInvalidatedBy(getState(), [...STREAM_TAGS[stream]]).map((query) => ({
        ...query,
        loaded: getState().api.queries[query.queryCacheKey]?.status === "fulfilled",
      })),
    refetch: ({ endpointName, originalArgs }) => {
      const endpoint = (api.endpoints as Record<string, RefetchableEndpoint | undefined>)[endpointName];
      if (endpoint) dispatch(endpoint.initiate(originalArgs, { subscribe: false, forceRefetch: true }));
    },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // The store's live state (lib/liveState.ts) reaches every endpoint's lifecycle as its `extra`.
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { live: createLiveState() } } }).concat(
        api.middleware,
        positions.middleware,
      ),
  });
  getState = store.getState;
  dispatch = store.dispatch as typeof dispatch;
  return Object.assign(store, { streamPositions: positions });
}

/** The part of an injected query endpoint that reads one cached argument again. */
interface RefetchableEndpoint {
  initiate(arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }): unknown;
}

export type AppStore = ReturnType<typeof makeStore>;

/**
 * What each event stream feeds: a gap in one stream refetches only these (a member's gap does not reload
 * the weekly view). RTK Query refetches only the entries that are shown (subscribed).
 */
export const STREAM_TAGS: Record<EventStream, readonly (typeof TAG_TYPES)[number][]> = {
  members: ["Member"],
  group: [
    "Category",
    "Item",
    "WorkCase",
    "OrderItem",
    "Inventory",
    "Warehouse",
    "History",
    "ItemSet",
    "SetLine",
  ],
};

/**
 * Connects the shared socket to this store: after every (re)connect the lists that are behind the
 * socket's stream positions refetch (lib/streamPositions.ts), after a gap in one stream the lists it
 * feeds, and a refused session ends like an expired one.
 */
export function bindSocketToStore(store: AppStore): void {
  const refetch = (stream: EventStream) => store.dispatch(api.util.invalidateTags([...STREAM_TAGS[stream]]));
  configureSocket({
    onPositions: (positions) => store.streamPositions.socketListening(positions),
    onDisconnect: () => store.streamPositions.socketClosed(),
    onGap: refetch,
    onSessionExpired: (reason) => handleSessionExpired(store.dispatch, reason),
    receivesAllMembers: () => store.getState().session.is_owner === true,
  });
}

/**
 * Follows the other tabs of this browser (lib/tabSync.ts): a fresh access token of the same user is
 * taken over, so this tab need not refresh for itself; a session ended elsewhere (logout, refused,
 * membership deactivated) ends here at once. Returns the unsubscribe function.
 */
export function bindTabsToStore(store: AppStore): () => void {
  return onOtherTabs((message) => {
    if (message.type === "signedOut") {
      endSession(store.dispatch, message.reason, true);
      return;
    }
    if (refreshCoordinationDisabled()) return;
    const session = store.getState().session;
    // A tab still restoring has no user yet; a signed-in tab only takes a token of its own user.
    const sameUser = session.restoring || (session.id !== null && session.id === tokenUserId(message.access));
    if (sameUser) setAccessToken(message.access);
  });
}
