/**
 * Lets timers, sockets and other requests run before the caller goes on: long work (an import's rows, a
 * fan-out to thousands of sockets) is cut into pieces with this between them, so that no piece holds the
 * event loop for long.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
