import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/*
 * The browser journeys share one app and database (frontend/e2e/harness.ts), so each signs up its own group:
 * a group name is unique (POST /api/groups/ answers 400 for a taken one) and so is a member's e-mail. Two
 * journeys written on different branches once took the same group name, and whichever ran second failed at its
 * first step. This reads every journey's owner and checks that no name or e-mail is taken twice.
 */
const e2eDir = path.resolve(__dirname, "../../frontend/e2e");

function quotedValues(key: string): { value: string; file: string }[] {
  const found: { value: string; file: string }[] = [];
  for (const file of readdirSync(e2eDir).filter((f) => f.endsWith(".ts"))) {
    const text = readFileSync(path.join(e2eDir, file), "utf8");
    for (const match of text.matchAll(new RegExp(`\\b${key}: "([^"]+)"`, "g"))) {
      found.push({ value: match[1]!, file });
    }
  }
  return found;
}

function takenTwice(entries: { value: string; file: string }[]): string[] {
  const files = new Map<string, Set<string>>();
  for (const { value, file } of entries) files.set(value, (files.get(value) ?? new Set()).add(file));
  return [...files].filter(([, f]) => f.size > 1).map(([value, f]) => `${value}: ${[...f].join(", ")}`);
}

describe("the browser journeys' groups", () => {
  it("are found in the journeys (the check reads what it should)", () => {
    expect(quotedValues("group").length).toBeGreaterThan(20);
  });

  it("each journey signs up a group name no other journey file uses", () => {
    expect(takenTwice(quotedValues("group"))).toEqual([]);
  });

  it("each journey's members have e-mails no other journey file uses", () => {
    expect(takenTwice(quotedValues("email"))).toEqual([]);
  });
});
