import { Entity } from 'electrodb';
import { tableDesign } from './table-design.js';

/** Workflow automation (spec 001 section 3): workflows, their executions, and what their actions leave behind. */
const { partitionKey: pk, sortKey: sk } = tableDesign;
const gsi1 = tableDesign.globalIndexes[0];
const service = 'assistants';

/**
 * Spec 001 "workflow": an owner's automation for one assistant. workflow_id starts with its creation
 * time, so an assistant's workflows read newest first straight from the key.
 */
export const workflowEntity = () => new Entity({
  model: { entity: 'workflow', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true, readOnly: true },
    workflow_id: { type: 'string', required: true, readOnly: true },
    user_id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    description: { type: 'string', required: true, default: '' },
    trigger_type: { type: ['keyword', 'intent', 'time_based', 'user_action'] as const, required: true },
    /** Validated by functions/contracts/workflows.ts before it is written. */
    trigger_conditions: { type: 'any', required: true },
    actions: { type: 'any', required: true },
    is_active: { type: 'boolean', required: true, default: true },
    execution_count: { type: 'number', required: true, default: 0 },
    last_executed_at: { type: 'string' },
    /** Signs the requests of its webhook actions. */
    webhook_secret: { type: 'string', required: true, readOnly: true },
    created_at: { type: 'string', required: true, readOnly: true },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['workflow_id'] },
    },
  },
});

/** Spec 001 "workflow_execution", one per run; execution_id starts with its start time (newest first). */
export const workflowExecutionEntity = () => new Entity({
  model: { entity: 'workflowExecution', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true, readOnly: true },
    execution_id: { type: 'string', required: true, readOnly: true },
    workflow_id: { type: 'string', required: true, readOnly: true },
    workflow_name: { type: 'string', required: true },
    status: { type: ['running', 'completed', 'failed'] as const, required: true },
    actions_executed: { type: 'number', required: true, default: 0 },
    /** What each action did (contracts: actionResultSchema). */
    action_results: { type: 'any', required: true, default: () => [] },
    trigger_data: { type: 'any', required: true },
    error_message: { type: 'string' },
    executed_at: { type: 'string', required: true, readOnly: true },
    finished_at: { type: 'string' },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['execution_id'] },
    },
  },
});

/**
 * Tags workflows put on a contact of an assistant (tag_contact): the contact's own record, which its
 * later conversations copy when they start (core/inbox/contact-tags.ts: the inbox lists and filters by
 * the copy on each conversation).
 */
export const contactTagsEntity = () => new Entity({
  model: { entity: 'contactTags', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true, readOnly: true },
    contact_id: { type: 'string', required: true, readOnly: true },
    tags: { type: 'set', items: 'string', required: true },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    byContact: {
      collection: 'contactDetails',
      pk: { field: pk, composite: ['chatbot_id', 'contact_id'] },
      sk: { field: sk, composite: [] },
    },
    /** An assistant's tagged contacts: the tags the inbox offers to filter by, and what goes with the assistant. */
    byChatbot: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['chatbot_id'] },
      sk: { field: gsi1.sortKey, composite: ['contact_id'] },
    },
  },
});

/** Names one contact of one assistant in the tasks' byContact index. */
export const contactRef = (chatbotId: string, contactId: string): string => `${chatbotId}/${contactId}`;

/** A task for the team a workflow created (create_task), listed and closed in the inbox's customer panel. */
export const workflowTaskEntity = () => new Entity({
  model: { entity: 'workflowTask', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true, readOnly: true },
    task_id: { type: 'string', required: true, readOnly: true },
    contact_id: { type: 'string' },
    conversation_id: { type: 'string' },
    workflow_id: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    due_at: { type: 'string', required: true },
    status: { type: ['open', 'closed'] as const, required: true, default: 'open' },
    created_at: { type: 'string', required: true, readOnly: true },
    closed_at: { type: 'string' },
    /** The byContact index's key: the assistant and the contact, set with the contact (use contactRef). */
    contact_ref: {
      type: 'string',
      hidden: true,
      readOnly: true,
      watch: ['chatbot_id', 'contact_id'],
      set: (_value, item) => (item.contact_id ? contactRef(item.chatbot_id as string, item.contact_id as string) : undefined),
    },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['task_id'] },
    },
    /** A contact's tasks: the inbox's customer panel (tasks without a contact are not in it). */
    byContact: {
      index: gsi1.indexName,
      // Sparse: a task of a run without a conversation (a test run, a schedule) has no contact and no key
      // here. ElectroDB refuses a conditional index whose composites are only partly given, hence one
      // composite that exists exactly when the contact does.
      condition: (attr) => attr.contact_ref !== undefined,
      pk: { field: gsi1.partitionKey, composite: ['contact_ref'] },
      sk: { field: gsi1.sortKey, composite: [] },
    },
  },
});
