import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";
import { act } from "react";
import { resetFeedback } from "../lib/feedback";

// findBy/waitFor wait for what a user would see; the default of 1 s is shorter than one render of a
// lazy dialog on a loaded 2-core CI machine with two jest workers. Assertions stay the same.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; components ask it for the header breakpoint. Tests that need the phone
// layout replace it with their own stub.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

afterEach(() => {
  // In-app alerts left open by one test must not show up in the next.
  act(() => resetFeedback());
  window.sessionStorage.clear();
  document.cookie.split(";").forEach((c) => {
    const name = c.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring cookies is the only way to clear them in jsdom
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
