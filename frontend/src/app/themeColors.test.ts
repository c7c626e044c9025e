import { DARKER_THEME_COLORS, darkenThemeColors } from "./themeColors";

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("the theme's darker colours", () => {
  it.each([
    "#3b82f6",
    "#22c55e",
    "#ef4444",
  ])("%s becomes a colour with at least 4.5:1 against white", (base) => {
    expect(contrast(base, "#ffffff")).toBeLessThan(4.5);
    expect(contrast(DARKER_THEME_COLORS[base]!, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("replaces each colour once, whatever the case, and leaves the others", () => {
    const css = ".a{background:#3B82F6;border-color:#2563eb;color:#ffffff}.b{color:#3b82f6aa}";
    expect(darkenThemeColors(css)).toBe(
      ".a{background:#2563eb;border-color:#1d4ed8;color:#ffffff}.b{color:#3b82f6aa}",
    );
  });
});
