import path from "node:path";
import type { Plugin } from "vite";
import { firstChunkModules, STYLESHEET, staticImports } from "./moduleGraph";

/**
 * The screens' JavaScript split by the screens that need it: every module that a screen imports statically
 * (directly or not) beyond the first chunk goes into one chunk per set of screens that import it, as a
 * `codeSplitting` group of vite.config.ts; then each chunk under `minSize` bytes of source joins a larger one
 * that all of its screens load (mergeSmallGroups). Rolldown's own splitting counts the lazy dialogs and API
 * modules as entries too, so it cut a screen's modules into a chunk per combination of the ~50 lazy entries
 * that share them: many files of a few hundred bytes, each a request over a phone's six HTTP/1.1 connections
 * before the screen's first render, the last of which ended its load (scripts/bench/lanternPath.ts). Now a
 * screen loads about half as many files, and none more bytes than before (docs/frontend.md, "Chunks by
 * screen"). PrimeReact's icons and utilities are split the same way (a chunk of every screen's icons made
 * each screen load all of them). The dialogs' own modules are left to rolldown: a dialog opens from a screen
 * that has loaded its chunks already.
 *
 * A module's imports are needed by every screen that needs it, so the chunks import each other one way (from
 * fewer screens to more): no cycle between them; mergeSmallGroups keeps it so. The first chunk (the login
 * route's size budget, frontend/e2e/sizeBudget.e2e.ts) and the stylesheets (build/screenStyles.ts) keep
 * their own chunks.
 */
export function screenChunksGroup(minSize: number): { plugin: Plugin; group: ScreenChunksGroup } {
  /** The chunk's name of each module that some screen imports, by module id. */
  const chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: "zaiko:screen-chunks",
    apply: "build",
    buildEnd() {
      chunkOf.clear();
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const firstChunk = firstChunkModules(this);
      const screens = new Set<string>();
      for (const id of this.getModuleIds())
        for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          if (isScreenModule(target)) screens.add(target);
      const screensOf = new Map<string, string[]>();
      for (const screen of [...screens].sort()) {
        const name = moduleName(screen);
        for (const id of staticImports(this, [screen], firstChunk)) {
          if (STYLESHEET.test(id)) continue;
          screensOf.set(id, [...(screensOf.get(id) ?? []), name]);
        }
      }
      const groups = new Map<string, ScreenGroup>();
      for (const [id, names] of screensOf) {
        const key = names.join(",");
        const group = groups.get(key) ?? { screens: names, modules: [], size: 0 };
        group.modules.push(id);
        group.size += this.getModuleInfo(id)?.code?.length ?? 0;
        groups.set(key, group);
      }
      const merged = mergeSmallGroups([...groups.values()], minSize, imports, (id) => screens.has(id));
      for (const group of merged) {
        const name =
          group.screens.length === 1 ? group.screens[0]! : `shared-${shortHash(group.screens.join(","))}`;
        for (const id of group.modules) chunkOf.set(id, name);
      }
    },
  };
  const group: ScreenChunksGroup = {
    name: (id) => chunkOf.get(id) ?? null,
    // The modules named above only: what they import from the first chunk stays there.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}

/**
 * A screen's name: its module's (routes.tsx imports each lazily), and so its chunk's, by which
 * build/screenFiles.ts lists each screen's files.
 */
export const SCREEN_NAME = /^(?:\w+Page|screenSetup)$/;
const MODULE_EXTENSION = /\.tsx?$/;
const moduleName = (id: string) => path.basename(id).replace(MODULE_EXTENSION, "");
const isScreenModule = (id: string) => MODULE_EXTENSION.test(id) && SCREEN_NAME.test(moduleName(id));

/** The modules that the same screens import, and the bytes of their source. */
export interface ScreenGroup {
  screens: string[];
  modules: string[];
  size: number;
}

const includes = (outer: string[], inner: string[]) => inner.every((s) => outer.includes(s));

/**
 * Moves each group smaller than `minSize` bytes of source, smallest first, into the group that the fewest more
 * screens load among those that every one of its screens loads: those screens then load a few more bytes, and
 * its screens one request less. Only where what the moved modules import is loaded by every screen of the
 * target already (else its other screens would load that too), which also keeps the chunks free of cycles. A
 * screen's own module stays in the chunk named after it (build/screenFiles.ts finds the screens by name).
 */
export function mergeSmallGroups(
  groups: ScreenGroup[],
  minSize: number,
  imports: (id: string) => readonly string[],
  isScreen: (id: string) => boolean,
): ScreenGroup[] {
  const left = new Set(groups);
  const groupOf = new Map(groups.flatMap((g) => g.modules.map((id) => [id, g] as const)));
  const importedGroups = (g: ScreenGroup) =>
    new Set(g.modules.flatMap((id) => imports(id).flatMap((d) => groupOf.get(d) ?? [])));
  /** The group to move `from` into, if any. */
  const target = (from: ScreenGroup) => {
    const needs = [...importedGroups(from)].filter((d) => d !== from);
    return [...left]
      .filter(
        (to) =>
          to.screens.length > from.screens.length &&
          includes(to.screens, from.screens) &&
          needs.every((d) => d === to || includes(d.screens, to.screens)),
      )
      .sort((a, b) => a.screens.length - b.screens.length || b.size - a.size)[0];
  };
  for (;;) {
    const small = [...left]
      .filter((g) => g.size < minSize && !g.modules.some(isScreen))
      .sort((a, b) => a.size - b.size);
    let move: { from: ScreenGroup; into: ScreenGroup } | undefined;
    for (const from of small) {
      const into = target(from);
      if (into) {
        move = { from, into };
        break;
      }
    }
    if (!move) return [...left];
    move.into.modules.push(...move.from.modules);
    move.into.size += move.from.size;
    for (const id of move.from.modules) groupOf.set(id, move.into);
    left.delete(move.from);
  }
}

/** A short stable name for a set of screens (the file names stay readable: `shared-1a2b3c.js`). */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

interface ScreenChunksGroup {
  name: (id: string) => string | null;
  includeDependenciesRecursively: boolean;
}
