import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import postcss, { type AtRule, type Container, type Rule } from "postcss";
import type { Plugin } from "vite";

/** The PrimeReact theme, whichever one main.tsx names. */
const THEME = /primereact\/resources\/themes\/[^/]+\/theme\.css$/;
/** Import the theme with this query for the first chunk: its variables and the rules of the first screen. */
export const FIRST_SCREEN_QUERY = "first-screen";
/** Import the theme with this query for the screens' chunks: every rule but the variables. */
export const SCREENS_QUERY = "screens";

const SOURCE_EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];
const STATIC_IMPORT = /^\s*(?:import|export)\s(?:[^"'();]*?\sfrom\s)?\s*["']([^"']+)["']/gm;
/** A theme class in the sources; `p-inline-message-${severity}` gives the prefix `p-inline-message-`. */
const CLASS_IN_SOURCE = /(?<![\w-])p-[a-z0-9-]*[a-z0-9-]/g;
const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;

function resolveSource(spec: string, from: string, commonDir: string): string | null {
  let base: string;
  if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith("@zaiko/common/"))
    base = path.join(commonDir, spec.slice("@zaiko/common/".length));
  else return null;
  if (/\.(tsx?)$/.test(base) && existsSync(base)) return base;
  for (const ext of SOURCE_EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null;
}

/**
 * The theme classes written in the modules of the first chunk: every source file that `entry` imports
 * statically, directly or not (a dynamic import() is another chunk, loaded with its own copy of the
 * theme). PrimeReact's JavaScript is not among them (the size budget test keeps it out of /login), so
 * the markup of the first screen is all in these sources.
 */
export function firstScreenClasses(
  entry: string,
  commonDir: string,
): { classes: Set<string>; files: string[] } {
  const classes = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const m of code.matchAll(CLASS_IN_SOURCE)) classes.add(m[0]);
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const target = resolveSource(m[1]!, file, commonDir);
      if (target) visit(target);
    }
  };
  visit(entry);
  return { classes, files: [...seen] };
}

const isUsed = (name: string, used: Set<string>) =>
  used.has(name) || [...used].some((c) => c.endsWith("-") && name.startsWith(c));

/** A selector applies on the first screen only if each of its classes occurs there. */
const selectorApplies = (selector: string, used: Set<string>) =>
  [...selector.matchAll(CLASS_IN_SELECTOR)].every((m) => isUsed(m[1]!, used));

/** Keeps the rules (and the selectors of a list) that can match the first screen's markup. */
function keepFirstScreenRules(container: Container, used: Set<string>) {
  container.each((node) => {
    if (node.type === "rule") {
      const rule = node as Rule;
      if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as AtRule).name)) return;
      const selectors = rule.selectors.filter((s) => selectorApplies(s, used));
      if (selectors.length === 0) rule.remove();
      else if (selectors.length < rule.selectors.length) rule.selectors = selectors;
    } else if (node.type === "atrule" && node.nodes && !/keyframes$/.test(node.name)) {
      keepFirstScreenRules(node, used);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

function dropUnusedKeyframes(root: postcss.Root) {
  const text = root.toString();
  root.walkAtRules(/keyframes$/, (at) => {
    const uses = text.split(at.params).length - 1;
    if (uses <= 1) at.remove();
  });
}

/**
 * The theme in two parts (docs/frontend.md, "First screen"):
 * - `theme.css?first-screen`, in the first chunk: the variables (`:root`) and the rules that can match
 *   the first screen's markup (classes from `firstScreenClasses`);
 * - `theme.css?screens`, with the screens' chunks and the feedback host (app/screenSetup.ts, FeedbackHost): the
 *   whole theme without its `:root` blocks, which would otherwise come after app/styles.css and put the
 *   theme's font back.
 * The theme's rules are in the `primereact` layer, below the app's (unlayered) CSS wherever they load,
 * and the full copy comes after the partial one, so every rule's last copy keeps the theme's order.
 */
export function themeSplitPlugin(options: { entry: string; commonDir: string }): Plugin {
  return {
    name: "zaiko:theme-split",
    enforce: "pre",
    transform(code, id) {
      const [file, query] = id.split("?");
      if (!THEME.test(file!) || (query !== FIRST_SCREEN_QUERY && query !== SCREENS_QUERY)) return null;
      const root = postcss.parse(code);
      if (query === SCREENS_QUERY) {
        root.each((node) => {
          if (node.type === "rule" && node.selector.trim() === ":root") node.remove();
        });
      } else {
        const { classes: used, files } = firstScreenClasses(options.entry, options.commonDir);
        // The dev server recomputes the rules when one of these sources changes.
        for (const source of files) this.addWatchFile(source);
        keepFirstScreenRules(root, used);
        dropUnusedKeyframes(root);
      }
      return { code: root.toString(), map: null };
    },
  };
}
