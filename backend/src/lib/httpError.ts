/** A failure that maps to an HTTP status and a JSON body the client can show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(
      typeof body.detail === "string"
        ? body.detail
        : typeof body.error === "string"
          ? body.error
          : `HTTP ${status}`,
    );
  }
}

/** `{"detail": message}` with the given status. */
export const httpError = (status: number, detail: string) => new HttpError(status, { detail });
