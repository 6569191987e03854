import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { HttpError, badRequest } from './http-error.js';

/** How long an answer is kept for a retry. */
const KEEP_SECONDS = 24 * 60 * 60;
const KEY_PATTERN = /^[\w.:-]{8,200}$/;

type Answer = { statusCode: number; headers?: Record<string, string>; body: string };

export interface IdempotentCall {
  userId: string;
  route: string;
  key: string;
  /** The raw request body: the same key with another body is refused. */
  requestBody: string;
  /** Past this many ms a 'pending' record is a request that died (the route's time limit). */
  abandonedAfterMs: number;
}

/**
 * Runs a create request once per Idempotency-Key: the first request with a key records that it is
 * under way (a conditional write, so of two at once only one runs), runs, and stores its answer; a
 * request with the same key then gets that answer again (with `idempotent-replayed: true`) and
 * creates nothing. A failed request leaves no record, so a retry runs again. While the first is still
 * running, a repeat gets 409.
 */
export async function runOnce(call: IdempotentCall, run: () => Promise<Answer>): Promise<APIGatewayProxyResultV2> {
  if (!KEY_PATTERN.test(call.key)) {
    throw badRequest('Idempotency-Key must be 8 to 200 letters, digits or . _ : - (a UUID is a good choice)');
  }
  const id = { user_id: call.userId, route: call.route, key: call.key };
  const requestHash = createHash('sha256').update(call.requestBody).digest('hex');
  const replay = await claim(call, requestHash);
  if (replay) return replay;
  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    await db().entities.idempotencyRecord.delete(id).go();
    throw error;
  }
  await db()
    .entities.idempotencyRecord.patch(id)
    .set({ state: 'done', status_code: answer.statusCode, body: gzipSync(answer.body).toString('base64') })
    .go();
  return answer;
}

/** Records the request as under way, or returns the stored answer of an earlier one. */
async function claim(call: IdempotentCall, requestHash: string): Promise<APIGatewayProxyResultV2 | undefined> {
  const id = { user_id: call.userId, route: call.route, key: call.key };
  const now = Date.now();
  const record = { ...id, request_hash: requestHash, state: 'pending' as const, started_at: now, ttl: Math.floor(now / 1000) + KEEP_SECONDS };
  try {
    await db().entities.idempotencyRecord.create(record).go();
    return undefined;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
  const { data: earlier } = await db().entities.idempotencyRecord.get(id).go();
  if (!earlier) throw new HttpError(409, 'A request with this Idempotency-Key has just failed; please try again.');
  if (earlier.request_hash !== requestHash) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
  }
  if (earlier.state === 'pending') {
    if (now - earlier.started_at < call.abandonedAfterMs) {
      throw new HttpError(409, 'A request with this Idempotency-Key is still being processed. Please try again in a moment.');
    }
    // The earlier request died without an answer (its function stopped): this one takes its place.
    try {
      await db().entities.idempotencyRecord.put(record).where((attr, op) => op.eq(attr.started_at, earlier.started_at)).go();
      return undefined;
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      throw new HttpError(409, 'A request with this Idempotency-Key is still being processed. Please try again in a moment.');
    }
  }
  return {
    statusCode: earlier.status_code ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'idempotent-replayed': 'true' },
    body: gunzipSync(Buffer.from(earlier.body ?? '', 'base64')).toString('utf8'),
  };
}
