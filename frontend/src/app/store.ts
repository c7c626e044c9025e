import { combineReducers, configureStore } from "@reduxjs/toolkit";
import type { EventStream } from "@zaiko/common/realtime/events";
import { sessionReducer } from "../features/auth/sessionSlice";
import { api, type TAG_TYPES } from "../lib/api";
import { handleSessionExpired } from "../lib/sessionExpiry";
import { configureSocket } from "../lib/socket";

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (the app makes one; each test makes its own). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;

/**
 * What each event stream feeds: a gap in one stream refetches only these (a member's gap does not reload
 * the weekly view). RTK Query refetches only the entries that are shown (subscribed).
 */
export const STREAM_TAGS: Record<EventStream, readonly (typeof TAG_TYPES)[number][]> = {
  members: ["Member"],
  group: ["Category", "Item", "WorkCase", "OrderItem", "Inventory", "Warehouse"],
};

/**
 * Connects the shared socket to this store: after every (re)connect the lists of both streams refetch,
 * after a gap in one stream the lists it feeds, and a refused session ends like an expired one.
 */
export function bindSocketToStore(store: AppStore): void {
  const refetch = (stream: EventStream) => store.dispatch(api.util.invalidateTags([...STREAM_TAGS[stream]]));
  configureSocket({
    onConnect: () => {
      refetch("group");
      refetch("members");
    },
    onGap: refetch,
    onSessionExpired: () => handleSessionExpired(store.dispatch),
    receivesAllMembers: () => store.getState().session.is_owner === true,
  });
}
