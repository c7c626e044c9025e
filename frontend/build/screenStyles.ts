import type { Plugin } from "vite";
import { firstChunkModules, STYLESHEET } from "./moduleGraph";

/**
 * The signed-in screens' CSS in one file: every stylesheet that the first chunk does not import (the theme's
 * rules for the screens, imported by app/screenSetup.ts, and the components' own), as a `codeSplitting` group of
 * vite.config.ts. Split by chunk, the case screen loaded 10 stylesheets of 0.3–2 KiB beside the theme's 15 KiB,
 * the board 4: each a request of its own over a phone's six HTTP/1.1 connections, queued with the screen's
 * scripts before its first paint (scripts/bench/lanternPath.ts). The one file is 25 KiB gzipped (22 brotli),
 * cached for a year and shared by every screen; the screens' rules are all scoped by class, so one screen's
 * rules change nothing on another (the first chunk's app/styles.css holds the page-wide ones).
 *
 * The first chunk's stylesheets stay in it (the login route's size budget, frontend/e2e/sizeBudget.e2e.ts):
 * the plugin notes every module that the entry imports statically, directly or not, once the module graph is
 * complete, and the group's test, which rolldown calls when it makes the chunks after that, leaves them out.
 */
export function screenStylesGroup(): { plugin: Plugin; group: ScreenStylesGroup } {
  let firstChunk = new Set<string>();
  const plugin: Plugin = {
    name: "zaiko:screen-styles",
    apply: "build",
    buildEnd() {
      firstChunk = firstChunkModules(this);
    },
  };
  const group: ScreenStylesGroup = {
    name: "screenStyles",
    test: (id) => STYLESHEET.test(id) && !firstChunk.has(id),
    // The stylesheets only: what imports them stays where it is.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}

interface ScreenStylesGroup {
  name: string;
  test: (id: string) => boolean;
  includeDependenciesRecursively: boolean;
}
