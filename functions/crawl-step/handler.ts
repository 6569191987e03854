import * as z from 'zod';
import { beginRun } from '../core/crawl/engine/begin-run.js';
import { fetchBatch } from '../core/crawl/engine/fetch-batch.js';
import { failRun, finishRun } from '../core/crawl/engine/finish-run.js';
import { planRound } from '../core/crawl/engine/plan-round.js';
import { observed } from '../core/runtime/observability.js';

const runSchema = z.object({ chatbot_id: z.string().min(1), run_id: z.string().min(1) });

/** The payloads workflows/crawl-site.asl.json sends, one per step of a reading of a website. */
const eventSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('begin'),
    chatbot_id: z.string().min(1),
    run_id: z.string().min(1),
    kind: z.enum(['crawl', 'sync', 'retry']).default('sync'),
    trigger: z.enum(['create', 'manual', 'schedule']).default('schedule'),
  }),
  z.object({ step: z.literal('plan'), run: runSchema, round: z.number().int().min(0) }),
  z.object({
    step: z.literal('fetch'),
    run: runSchema,
    batch: z.object({ keys: z.array(z.string()).max(100), first_seq: z.number().int(), room: z.number().int().min(0) }),
  }),
  z.object({ step: z.literal('finish'), run: runSchema }),
  z.object({ step: z.literal('fail'), run: runSchema, error: z.object({ Error: z.string().optional(), Cause: z.unknown().optional() }).optional() }),
]);

/** A task of the crawl state machine (never API Gateway): one step of a distributed reading. */
export const handler = observed(async (event: unknown) => {
  const input = eventSchema.parse(event);
  switch (input.step) {
    case 'begin':
      return beginRun(input);
    case 'plan':
      return planRound(input.run, input.round);
    case 'fetch':
      return fetchBatch(input.run, input.batch);
    case 'finish':
      return finishRun(input.run);
    case 'fail':
      await failRun(input.run, `${input.error?.Error ?? 'Error'}: ${String(input.error?.Cause ?? '')}`.slice(0, 2000));
      return { stage: 'failed' };
  }
});
