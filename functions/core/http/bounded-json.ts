/**
 * How deep JSON from outside may nest. Real requests and webhooks (Meta's nest about 7 levels) stay
 * far below; the limit is the one uploaded .json documents have (core/documents/extract-json.ts).
 */
export const MAX_JSON_DEPTH = 64;

export const jsonTooDeepMessage = (what: string) => `${what} is nested more than ${MAX_JSON_DEPTH} levels deep`;

/** Thrown by parseBoundedJson for a value nested deeper than allowed; callers answer it as a 4xx. */
export class JsonTooDeepError extends Error {
  constructor() {
    super(`JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
    this.name = 'JsonTooDeepError';
  }
}

/**
 * JSON.parse, refusing values nested deeper than MAX_JSON_DEPTH. V8's parser takes any depth, but what
 * runs on the value next is recursive (JSON.stringify on the way to another function, the SDKs'
 * marshalling, validation) and runs out of stack at a few thousand levels: a 500 in the middle of the
 * work, after some of it may have been written. Refused here, before anything is done with it.
 * Throws SyntaxError for text that is not JSON.
 */
export function parseBoundedJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) throw new JsonTooDeepError();
  return value;
}

/** Walks with its own stack, so that the check itself cannot overflow. */
function nestsDeeperThan(root: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[root, 1]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}
