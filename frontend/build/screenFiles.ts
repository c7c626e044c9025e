import type { Plugin } from "vite";
import { SCREEN_NAME } from "./screenChunks";

/** Where index.html lists the files of the lazy chunks (read by src/app/prefetch.ts). */
export const SCREEN_FILES_ID = "screen-files";
/** Where index.html lists, by lazy chunk name, the JavaScript files of that chunk (indexes into the list above). */
export const SCREEN_CHUNKS_ID = "screen-chunks";

interface ChunkLike {
  type: "chunk";
  fileName: string;
  name: string;
  imports: string[];
  dynamicImports: string[];
  isDynamicEntry: boolean;
  isEntry: boolean;
  code: string;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Lists in index.html (as JSON, not a script) the JavaScript and CSS files that the lazily loaded chunks
 * need beyond the first chunk's, so that the client can fetch them ahead of use without running them
 * (src/app/prefetch.ts): importing each screen ahead of use also evaluated it, and on a slow phone those
 * evaluations were long tasks while the first screen was still being used.
 */
export function screenFilesPlugin(): Plugin {
  return {
    name: "zaiko:screen-files",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (c): c is ChunkLike & typeof c => c.type === "chunk",
        );
        const byName = new Map(chunks.map((c) => [c.fileName, c as unknown as ChunkLike]));
        const closure = (roots: ChunkLike[]) => {
          const seen = new Set<string>();
          const visit = (chunk: ChunkLike | undefined) => {
            if (!chunk || seen.has(chunk.fileName)) return;
            seen.add(chunk.fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
            for (const dep of chunk.imports) visit(byName.get(dep));
          };
          for (const root of roots) visit(root);
          return seen;
        };
        const first = closure([...byName.values()].filter((c) => c.isEntry));
        // What an import() loads: a dynamic entry, or the chunk that a codeSplitting group put its module in
        // (build/screenChunks.ts), which rolldown does not flag as one.
        const imported = new Set(chunks.flatMap((c) => c.dynamicImports));
        const lazyRoots = [...byName.values()].filter((c) => c.isDynamicEntry || imported.has(c.fileName));
        const lazy = closure(lazyRoots);
        const files = [...lazy]
          .filter((f) => !first.has(f))
          .sort()
          .map((f) => `/${f}`);
        const json = JSON.stringify(files).replaceAll("<", "\\u003c");
        // Each screen chunk's own JavaScript files (itself and what it imports beyond the first chunk), so that
        // a page load can preload the opened screen's files a few per task (src/app/prefetch.ts). Screens only
        // (their modules are named …Page, app/routes.tsx) and the setup every screen loads: index.html is on
        // the first paint's path, and the dialogs' and API modules' lists would have doubled its size.
        // Largest first: on a phone's six HTTP/1.1 connections the small files then download beside the
        // large ones, where listed in import order the largest (the table, the icons) started last and
        // ended the screen's load on their own.
        const index = new Map(files.map((f, i) => [f, i]));
        const size = (i: number) => byName.get(files[i]!.slice(1))?.code.length ?? 0;
        const byChunk: Record<string, number[]> = {};
        for (const chunk of lazyRoots) {
          if (!SCREEN_NAME.test(chunk.name)) continue;
          const own = [...closure([chunk])].flatMap((f) => index.get(`/${f}`) ?? []);
          byChunk[chunk.name] = own
            .filter((i) => files[i]!.endsWith(".js"))
            .sort((a, b) => size(b) - size(a));
        }
        return [
          {
            tag: "script",
            attrs: { type: "application/json", id: SCREEN_FILES_ID },
            children: json,
            injectTo: "body",
          },
          {
            tag: "script",
            attrs: { type: "application/json", id: SCREEN_CHUNKS_ID },
            children: JSON.stringify(byChunk).replaceAll("<", "\\u003c"),
            injectTo: "body",
          },
        ];
      },
    },
  };
}
