/**
 * The theme's colours one shade darker where white text sits on them or they are text on white: Lara's
 * primary blue #3b82f6 has a contrast of 3.67:1 with white, its success green 2.27:1 and its danger red
 * 3.76:1, below the 4.5:1 that WCAG AA asks of text. Each colour moves one step down the same
 * (Tailwind) scale, and its hover and pressed shades with it, so the theme keeps its look. Applied to the
 * theme's CSS at build time (vite.config.ts), which also sets `--primary-color` for the app's own CSS.
 */
export const DARKER_THEME_COLORS: Readonly<Record<string, string>> = {
  // primary blue, its hover and pressed shades
  "#3b82f6": "#2563eb",
  "#2563eb": "#1d4ed8",
  // success green
  "#22c55e": "#15803d",
  "#16a34a": "#166534",
  "#15803d": "#14532d",
  // danger red
  "#ef4444": "#dc2626",
  "#dc2626": "#b91c1c",
  "#b91c1c": "#991b1b",
};

/** Every colour of the map replaced in one pass (a colour replaced once is not replaced again). */
export function darkenThemeColors(css: string): string {
  return css.replace(/#[0-9a-f]{6}\b/gi, (hex) => DARKER_THEME_COLORS[hex.toLowerCase()] ?? hex);
}
