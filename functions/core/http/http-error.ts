/** An error whose message is safe to show the client, with the status it deserves. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Response headers the status calls for (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const payloadTooLarge = (limit: number) =>
  new HttpError(413, `Request body too large: the limit is ${limit} bytes`);
export const unsupportedMediaType = () =>
  new HttpError(415, 'Request body must be JSON (Content-Type: application/json)');
/** 429 with the seconds until the limit's window ends, as a header and in words. */
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests right now.') =>
  new HttpError(429, `${message} Please wait ${retryAfterSeconds} seconds and try again.`, {
    'retry-after': String(retryAfterSeconds),
  });
