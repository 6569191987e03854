import type { TriggerData } from '../../contracts/workflows.js';
import { startWorkflowExecution } from './start-execution.js';
import type { StoredWorkflow, StoredWorkflowExecution } from './workflow-record.js';

/**
 * 'Run test': the workflow's actions with sample data, whatever its trigger and even while inactive.
 * The phone number is one of the 555-01xx numbers reserved for fiction, so a test text reaches no one;
 * without a conversation, the actions that work on one say what they would have done.
 */
export function sampleTriggerData(businessName: string): TriggerData {
  return {
    source: 'test',
    message: 'Hi, could I get a quote for next week?',
    contact_name: 'Sample Customer',
    customer_phone: '+15555550123',
    customer_email: 'customer@example.com',
    business_name: businessName,
  };
}

export function startTestRun(workflow: StoredWorkflow, businessName: string): Promise<StoredWorkflowExecution> {
  return startWorkflowExecution(workflow, sampleTriggerData(businessName));
}
