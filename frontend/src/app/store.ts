import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { sessionReducer } from "../features/auth/sessionSlice";
import { api, TAG_TYPES } from "../lib/api";
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
 * Connects the shared socket to this store: after every (re)connect, and whenever an event's number
 * shows a gap, all cached lists refetch (events were missed), and a refused session ends like an
 * expired one.
 */
export function bindSocketToStore(store: AppStore): void {
  const refetchEverything = () => store.dispatch(api.util.invalidateTags([...TAG_TYPES]));
  configureSocket({
    onConnect: refetchEverything,
    onGap: refetchEverything,
    onSessionExpired: () => handleSessionExpired(store.dispatch),
    receivesAllMembers: () => store.getState().session.is_owner === true,
  });
}
