import { ja } from "@zaiko/common/messages/ja";
import type { Context, Next } from "koa";
import { HttpError } from "../lib/httpError";

interface ErrorWithStatus {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** Maps errors thrown by body parsing and other Koa middleware to the JSON errors of DOMAIN.md. */
export function fromFrameworkError(err: ErrorWithStatus): HttpError | undefined {
  const status = err.status ?? err.statusCode;
  if (status === 413 || err.type === "entity.too.large")
    return new HttpError(413, { detail: ja.errors.payloadTooLarge });
  if (status === 415) return new HttpError(415, { detail: ja.errors.unsupportedMediaType });
  if (status === 400 || err.type === "entity.parse.failed")
    return new HttpError(400, { detail: ja.errors.malformedJson });
  if (status && status >= 400 && status < 500 && err.expose)
    return new HttpError(status, { detail: ja.validation.invalidValue });
  return undefined;
}

/**
 * Outermost middleware: every error becomes a JSON body. A 500 is logged with its stack on the server
 * and answered with a fixed message, never the stack.
 */
export function errorHandler() {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
    } catch (caught) {
      const err = caught as Error & ErrorWithStatus;
      const known = err instanceof HttpError ? err : fromFrameworkError(err);
      if (known) {
        ctx.status = known.status;
        ctx.body = known.body;
        return;
      }
      ctx.log?.error({ err }, "unhandled error");
      ctx.status = 500;
      ctx.body = { detail: ja.errors.internal };
    }
  };
}
