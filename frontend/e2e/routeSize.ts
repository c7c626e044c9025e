import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Vite's build manifest (build.manifest: true): one entry per chunk, keyed by source or `_name-hash.js`. */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteFile {
  /** Stable across builds: the chunk's source ("src/features/auth/LoginPage.tsx") or name ("api"). */
  chunk: string;
  file: string;
  gzipBytes: number;
}

/** The built client; CLIENT_DIST points the budget at another build (to compare with an older one). */
export const CLIENT_DIST = path.resolve(process.env.CLIENT_DIST || path.join(__dirname, "../dist"));

export function readManifest(dist = CLIENT_DIST): Manifest {
  const file = path.join(dist, ".vite/manifest.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
}

/**
 * The JavaScript and CSS a route needs before it can be used: the entry chunk (index.html's script), the
 * route's own chunk when it is lazy, every chunk they import statically (what Vite preloads with them)
 * and the CSS of all of these. A route module without a chunk of its own is bundled into the entry (the
 * manifest lists every lazily imported module). Dynamic imports (the other screens, prefetched when the
 * browser is idle) are not counted. Sizes are gzip level 9 of each file: deterministic for a build.
 */
export function routeFiles(routeModule: string, dist = CLIENT_DIST): RouteFile[] {
  const manifest = readManifest(dist);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error("the manifest has no entry chunk");
  const seen = new Set<string>();
  const files = new Map<string, string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    const label = chunk.src ?? chunk.name ?? key;
    files.set(chunk.file, label);
    for (const css of chunk.css ?? []) files.set(css, `${label} (CSS)`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  if (manifest[routeModule]) visit(routeModule);
  return [...files].map(([file, chunk]) => ({
    chunk,
    file,
    gzipBytes: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
  }));
}
