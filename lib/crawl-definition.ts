import type { FunctionName } from './routes.js';

/**
 * The crawl state machine's definition, loaded by lib/constructs/crawl-engine.ts (CDK,
 * DefinitionBody.fromFile) and by the local Step Functions stand-in (local/services/step-functions.ts),
 * with the same substitutions: both run this one file.
 */
export const CRAWL_DEFINITION_FILE = 'workflows/crawl-site.asl.json';

/** The function every Task state of the definition invokes (begin, plan, read a batch, finish, fail). */
export const CRAWL_TASK_FUNCTION = 'crawl-step' satisfies FunctionName;

/** The `${...}` placeholders of the definition and their values. */
export const crawlDefinitionSubstitutions = (taskFunctionArn: string) => ({ CrawlStepArn: taskFunctionArn });

/** Names of the schedules of re-syncs (`crawl-sync-<assistant id>`): what the managing functions may touch. */
export const CRAWL_SCHEDULE_PREFIX = 'crawl-sync-';
