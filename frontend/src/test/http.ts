/** Test helpers for stubbing the network at `fetch`, where both RTK Query and the refresh call go. */

export type Handler = (request: Request) => Response | Promise<Response>;

/** A JSON response. */
export function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * Replaces global fetch with `handler` and records every request. The handler gets a Request
 * whatever the caller passed (RTK Query passes a Request, the refresh call a URL and init).
 */
export function stubFetch(handler: Handler) {
  const requests: Request[] = [];
  const spy = jest.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    return handler(request);
  });
  return { spy, requests };
}

/** "METHOD /path" of a request, for routing in handlers and for assertions. */
export function route(request: Request): string {
  return `${request.method} ${new URL(request.url).pathname}`;
}

/** Routes requests by "METHOD /path"; anything unexpected fails loudly with a 599. */
export function routes(table: Record<string, Handler | Response>): Handler {
  return (request) => {
    const entry = table[route(request)];
    if (!entry) return json(599, { detail: `unexpected ${route(request)}` });
    return typeof entry === "function" ? entry(request) : entry.clone();
  };
}
