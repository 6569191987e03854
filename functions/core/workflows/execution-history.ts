import { LISTED_WORKFLOW_EXECUTIONS, type WorkflowExecution } from '../../contracts/workflows.js';
import { db } from '../data/db.js';
import { toWorkflowExecution } from './workflow-record.js';

/** Spec 001 section 7: the assistant's last 20 executions with their workflow's name, newest first. */
export async function listWorkflowExecutions(chatbotId: string, limit = LISTED_WORKFLOW_EXECUTIONS): Promise<WorkflowExecution[]> {
  const { data } = await db()
    .entities.workflowExecution.query.byChatbot({ chatbot_id: chatbotId })
    .go({ order: 'desc', count: limit });
  return data.map(toWorkflowExecution);
}
