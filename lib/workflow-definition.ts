import type { FunctionName } from './routes.js';

/**
 * The workflow state machine's definition, loaded by lib/constructs/workflow-engine.ts (CDK,
 * DefinitionBody.fromFile) and by the local Step Functions stand-in (local/services/step-functions.ts),
 * with the same substitutions: both run this one file.
 */
export const WORKFLOW_DEFINITION_FILE = 'workflows/run-workflow.asl.json';

/** The function every Task state of the definition invokes. */
export const WORKFLOW_TASK_FUNCTION = 'run-workflow-action' satisfies FunctionName;

/** The `${...}` placeholders of the definition and their values. */
export const workflowDefinitionSubstitutions = (taskFunctionArn: string) => ({ RunWorkflowActionArn: taskFunctionArn });

/** Names of the schedules of time-based workflows (`workflow-<id>`): what the managing functions may touch. */
export const WORKFLOW_SCHEDULE_PREFIX = 'workflow-';
