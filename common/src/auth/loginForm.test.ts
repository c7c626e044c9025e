import fc from "fast-check";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../limits";
import { LoginFormSchema } from "./auth.schema";
import { loginFormErrors } from "./loginForm";

/** What the forms show from a zod schema: the first message per field (frontend/src/lib/validation.ts). */
function firstMessages(values: unknown): Record<string, string> {
  const result = LoginFormSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Strings around the limits, with blanks that trim() removes (ideographic space included). */
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("", " ", "\u3000", " \t\n", "a", "a@b"),
    fc
      .integer({ min: Math.max(0, max - 3), max: max + 3 })
      .chain((n) =>
        fc.tuple(fc.constantFrom("", " ", "\u3000"), fc.constant("x".repeat(n)), fc.constantFrom("", " ")),
      )
      .map(([a, b, c]) => a + b + c),
    fc.integer({ min: 0, max: PASSWORD_MIN + 2 }).map((n) => "p".repeat(n)),
  );

describe("loginFormErrors", () => {
  it("gives the same first message per field as LoginFormSchema", () => {
    fc.assert(
      fc.property(text(EMAIL_MAX), text(PASSWORD_MAX), (email, password) => {
        expect(loginFormErrors({ email, password })).toEqual(firstMessages({ email, password }));
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts a filled-in form", () => {
    expect(loginFormErrors({ email: " Owner@Example.com ", password: "password1" })).toEqual({});
  });
});
