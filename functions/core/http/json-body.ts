import type { z } from 'zod';
import { JsonTooDeepError, jsonTooDeepMessage, parseBoundedJson } from './bounded-json.js';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './http-error.js';

interface RawBody {
  body?: string;
  isBase64Encoded?: boolean;
  headers?: Record<string, string | undefined>;
}

export function decodeBody({ body, isBase64Encoded }: RawBody): string | undefined {
  if (body === undefined || body === null) return undefined;
  return isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
}

/** Describes a zod failure in one line a person can act on. */
export function describeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length ? issue.path.join('.') : 'body';
    return `${where}: ${issue.message}`;
  });
  return `Invalid request: ${parts.join('; ')}`;
}

export function parseJsonBody<S extends z.ZodType>(raw: RawBody, schema: S, maxBytes: number): z.infer<S> {
  const text = decodeBody(raw);
  if (text !== undefined && Buffer.byteLength(text, 'utf8') > maxBytes) throw payloadTooLarge(maxBytes);
  const contentType = raw.headers?.['content-type'] ?? '';
  if (text && contentType && !/json/i.test(contentType)) throw unsupportedMediaType();
  let value: unknown = undefined;
  if (text !== undefined && text.trim() !== '') {
    try {
      value = parseBoundedJson(text);
    } catch (error) {
      throw badRequest(error instanceof JsonTooDeepError ? jsonTooDeepMessage('The request body') : 'Malformed JSON body');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error));
  return parsed.data;
}
