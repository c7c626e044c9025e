import { mergeSmallGroups, type ScreenGroup } from "./screenChunks";

const group = (screens: string[], modules: string[], size: number): ScreenGroup => ({
  screens,
  modules,
  size,
});
const noImports = () => [];
const notScreen = () => false;
/** Each group's screens with its modules, in a stable order. */
const layout = (groups: ScreenGroup[]) =>
  groups.map((g) => `${g.screens.join("+")}: ${[...g.modules].sort().join(" ")}`).sort();

describe("mergeSmallGroups (the screens' chunks of build/screenChunks.ts)", () => {
  it("moves a small group into the group that the fewest more screens load among those its screens all load", () => {
    const merged = mergeSmallGroups(
      [
        group(["A"], ["a.ts"], 100),
        group(["A", "B"], ["ab.ts"], 9000),
        group(["A", "B", "C"], ["abc.ts"], 9000),
        group(["B", "C"], ["bc.ts"], 9000),
      ],
      8000,
      noImports,
      notScreen,
    );
    expect(layout(merged)).toEqual(["A+B+C: abc.ts", "A+B: a.ts ab.ts", "B+C: bc.ts"]);
  });

  it("leaves groups of the minimum size and above, and a screen's own module, where they are", () => {
    const groups = [
      group(["A"], ["APage.tsx", "a.ts"], 100),
      group(["B"], ["b.ts"], 8000),
      group(["A", "B"], ["ab.ts"], 9000),
    ];
    const merged = mergeSmallGroups(groups, 8000, noImports, (id) => id.endsWith("Page.tsx"));
    expect(layout(merged)).toEqual(["A+B: ab.ts", "A: APage.tsx a.ts", "B: b.ts"]);
  });

  it("does not make the other screens of a group load what the moved modules import", () => {
    // a.ts imports ac.ts: moved into A+B, it would make B load ac.ts (A+C) too; A+C loads it already.
    const imports = (id: string) => (id === "a.ts" ? ["ac.ts"] : []);
    const merged = mergeSmallGroups(
      [group(["A"], ["a.ts"], 100), group(["A", "B"], ["ab.ts"], 9000), group(["A", "C"], ["ac.ts"], 9000)],
      8000,
      imports,
      notScreen,
    );
    expect(layout(merged)).toEqual(["A+B: ab.ts", "A+C: a.ts ac.ts"]);
  });

  it("moves groups one after the other, each into a group of more screens, until none is small", () => {
    const merged = mergeSmallGroups(
      [
        group(["A"], ["a.ts"], 100),
        group(["A", "B"], ["ab.ts"], 200),
        group(["A", "B", "C"], ["abc.ts"], 300),
      ],
      8000,
      noImports,
      notScreen,
    );
    expect(layout(merged)).toEqual(["A+B+C: a.ts ab.ts abc.ts"]);
  });
});
