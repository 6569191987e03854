import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { CrawlProgress } from '../../../contracts/chatbot.js';
import { newCrawlProgress } from '../../chatbots/chatbot-record.js';
import { timeOrderedId } from '../../data/time-ordered-id.js';
import { requireEnv } from '../../runtime/env.js';
import { sfnClient } from '../../workflows/state-machine.js';
import type { CrawlRun } from './run-store.js';

/** What starts an execution of the crawl state machine (workflows/crawl-site.asl.json). */
export interface ReadingInput {
  chatbot_id: string;
  kind: CrawlRun['kind'];
  trigger: CrawlRun['trigger'];
}

/** A new run's id, also its execution's name: time-ordered, so the sync history reads newest first. */
export const newRunId = () => timeOrderedId(new Date());

/** The progress an assistant shows from the moment a reading is asked for until its first step runs. */
export const queuedProgress = (kind: CrawlProgress['kind'], runId: string): CrawlProgress => newCrawlProgress(new Date(), kind, runId);

/** Starts a reading of the assistant's website on the crawl state machine; the run's id names the execution. */
export async function startReading(input: ReadingInput, runId: string): Promise<void> {
  await sfnClient().send(new StartExecutionCommand({ stateMachineArn: requireEnv('CRAWL_STATE_MACHINE_ARN'), name: runId, input: JSON.stringify(input) }));
}
