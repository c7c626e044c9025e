import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { Provider } from "react-redux";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { makeStore, type RootState } from "../app/store";
import { FeedbackHost } from "../components/feedback/FeedbackHost";
import { type SessionState, signedOutSession } from "../lib/session";

/** Shows the current path so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-search={location.search}>
      {location.pathname}
    </output>
  );
}

export const ownerSession: SessionState = {
  id: 1,
  email: "owner@example.com",
  is_member: true,
  is_owner: true,
  groups: ["東京機材"],
  groupId: 7,
  restoring: false,
};

export const staffSession: SessionState = {
  ...ownerSession,
  id: 2,
  email: "staff@example.com",
  is_owner: false,
};

interface Options {
  /** The URL to start at. */
  at?: string;
  /** The route pattern the element is mounted on (defaults to `at`). */
  path?: string;
  session?: SessionState;
}

/** Renders `ui` with a fresh store and a memory router; other paths render nothing but the probe. */
export function renderPage(
  ui: ReactElement,
  { at = "/", path = at, session = signedOutSession }: Options = {},
) {
  const store = makeStore({ session } as Partial<RootState>);
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <FeedbackHost />
    </Provider>,
  );
  return { store, user, ...result };
}
