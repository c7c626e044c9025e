import fc from "fast-check";
import { day, field, nasty } from "./values";

/**
 * What a generated request is: a call (method and path with ids resolved when it runs), a query, who sends
 * it, a body and a twist to its headers. The building blocks the read and write calls are described with.
 */

export type IdKind = "category" | "item" | "case" | "order" | "user" | "movement" | "set" | "line";
export type IdRef =
  | { from: "own" | "other"; kind: IdKind; pick: number }
  | { from: "raw"; value: string | number };
/** A query value: text, an id resolved at run time, or the caller's / another group's id. */
export type QueryValue = string | IdRef | { group: "own" | "other" } | string[];

export type Auth = "owner" | "staff" | "none" | "forged";
export type Body =
  | { kind: "json"; value: Record<string, unknown> }
  | { kind: "raw"; text: string; type: string }
  | { kind: "deep" }
  | { kind: "csv"; rows: unknown[][]; truncate: boolean; field: string; header?: string };

/**
 * What is odd about the request's headers: a Content-Encoding the body is or is not in, another
 * Content-Type, a Content-Length that is shorter or longer than the body (sent over a raw socket), or an
 * Idempotency-Key: fresh, malformed, or one key for many different requests.
 */
export type HeaderTwist =
  | { kind: "encoding"; encoding: string; encoded: boolean }
  | { kind: "type"; type: string }
  | { kind: "length"; delta: number }
  | { kind: "key"; key: string };

export interface Call {
  name: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  path: (string | IdRef)[];
  query?: Record<string, QueryValue>;
  auth: Auth;
  body?: Body;
  cookies?: "session" | "forged" | "none";
  twist?: HeaderTwist;
}

const rawId = fc.constantFrom<string | number>(
  0,
  -1,
  1,
  2 ** 31,
  2 ** 31 - 1,
  99_999,
  "abc",
  "1e3",
  "%00",
  "12abc",
  " 1",
  "0x1",
  "１",
);
export const idRef = (kind: IdKind): fc.Arbitrary<IdRef> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.nat().map((pick) => ({ from: "own" as const, kind, pick })) },
    { weight: 1, arbitrary: fc.nat().map((pick) => ({ from: "other" as const, kind, pick })) },
    { weight: 1, arbitrary: rawId.map((value) => ({ from: "raw" as const, value })) },
  );

export const auth = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Auth>("owner") },
  { weight: 2, arbitrary: fc.constant<Auth>("staff") },
  { weight: 1, arbitrary: fc.constantFrom<Auth>("none", "forged") },
);

const json = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .record(Object.fromEntries(Object.entries(shape).map(([k, a]) => [k, field(a)])))
    .map((value): Body => ({ kind: "json", value }));

/** Top-level JSON of every type, and text that is no JSON. */
const rawJson = fc.constantFrom(
  '{"a": ',
  "[1,2",
  "{}}",
  "\u0000",
  "null",
  '"x"',
  "1",
  "-0",
  "1e999",
  "true",
  "false",
  "[]",
  "[{}]",
  '[{"title":"x"}]',
  "[[[]]]",
  "{}",
  '{"__proto__": {"isOwner": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  "\uFEFF{}",
  "",
);
/** Most bodies follow the call's shape; some are other JSON, another type, or nested too deep. */
export const bodyOf = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 12, arbitrary: json(shape) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          rawJson,
          fc.constantFrom(
            "application/json",
            "text/plain",
            "application/json; charset=utf-16",
            "application/xml",
          ),
        )
        .map(([text, type]): Body => ({ kind: "raw", text, type })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: "deep" }) },
  );

const twist: fc.Arbitrary<HeaderTwist | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        encoding: fc.constantFrom("gzip", "deflate", "br", "identity", "x-unknown", "gzip, br", "GZIP"),
        encoded: fc.boolean(),
      })
      .map((r): HeaderTwist => ({ kind: "encoding", ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        "",
        "application/json; charset=latin1",
        "application/x-www-form-urlencoded",
        "*/*",
        "json",
      )
      .map((type): HeaderTwist => ({ kind: "type", type })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(-5, -1, 1, 10).map((delta): HeaderTwist => ({ kind: "length", delta })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom("fuzz-key-1", "fuzz-key-2", "", " ", "x".repeat(255), "x".repeat(256), "a b"),
        fc.uuid(),
      )
      .map((key): HeaderTwist => ({ kind: "key", key })),
  },
);

export const call = (
  name: string,
  method: Call["method"],
  path: fc.Arbitrary<(string | IdRef)[]>,
  body?: fc.Arbitrary<Body>,
  authArb: fc.Arbitrary<Auth> = auth,
  query: fc.Arbitrary<Record<string, QueryValue>> = groupQuery,
): fc.Arbitrary<Call> =>
  fc
    .record({
      path,
      auth: authArb,
      body: body ?? fc.constant(undefined),
      query,
      twist: method === "get" ? fc.constant(undefined) : twist,
    })
    .map((r) => ({ name, method, ...r }) as Call);

export const p = (...parts: (string | fc.Arbitrary<IdRef>)[]) =>
  fc.tuple(...parts.map((x) => (typeof x === "string" ? fc.constant(x) : x)));

/** A group id in the query, now and then: the caller's, another group's, or nonsense. */
const groupValue: fc.Arbitrary<QueryValue> = fc.oneof(
  fc.constantFrom<QueryValue>({ group: "own" }, { group: "other" }),
  fc.constantFrom<QueryValue>("abc", "", "0", ["1", "2"]),
);
export const groupQuery: fc.Arbitrary<Record<string, QueryValue>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("groupid", "group_id", "group"), groupValue)
      .map(([k, v]) => ({ [k]: v })),
  },
);

/** Any value as query text (objects as JSON: some have no prototype to turn them into a string). */
const asText = (v: unknown): string => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));

/** A query of the given parameters, each mostly plausible, sometimes nasty, repeated or absent. */
export const queryOf = (shape: Record<string, fc.Arbitrary<QueryValue>>) =>
  fc
    .tuple(
      fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([k, a]) => [
            k,
            fc.oneof(
              { weight: 5, arbitrary: a },
              { weight: 1, arbitrary: nasty.map(asText) },
              { weight: 1, arbitrary: fc.tuple(a, a).map(([x, y]) => [asText(x), asText(y)]) },
              { weight: 1, arbitrary: fc.constant(undefined) },
            ),
          ]),
        ),
      ),
      groupQuery,
    )
    .map(([q, g]) => {
      const out: Record<string, QueryValue> = { ...g };
      for (const [k, v] of Object.entries(q)) if (v !== undefined) out[k] = v as QueryValue;
      return out;
    });

export const dayQuery = day as fc.Arbitrary<QueryValue>;
