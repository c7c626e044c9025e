import { AsyncLocalStorage } from "node:async_hooks";

/** The request a piece of asynchronous work belongs to, for logs written far from its context. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request the current asynchronous work started from, if any. */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;
