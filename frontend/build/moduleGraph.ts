/**
 * The module graph as the build's plugins read it once it is complete (`buildEnd`, before rolldown makes the
 * chunks): build/screenStyles.ts and build/screenChunks.ts both need what the first chunk holds.
 */
export interface ModuleGraph {
  getModuleIds(): Iterable<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

/** A stylesheet module, with or without a query (the theme is imported as `theme.css?screens`). */
export const STYLESHEET = /\.css(?:$|\?)/;

/** The modules `roots` import statically, directly or not, themselves included, past those in `stop`. */
export function staticImports(
  graph: ModuleGraph,
  roots: Iterable<string>,
  stop = new Set<string>(),
): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Every module the entry imports statically, directly or not: the first chunk's. */
export function firstChunkModules(graph: ModuleGraph): Set<string> {
  return staticImports(
    graph,
    [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry),
  );
}
