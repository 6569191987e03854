import type { TriggerData } from '../../contracts/workflows.js';
import { db } from '../data/db.js';
import { keptPerVersion } from '../data/kept-per-version.js';
import { log } from '../runtime/log.js';
import { startWorkflowExecution } from './start-execution.js';
import { prepareTriggers, type TriggerMatch, type TriggerWorkflow } from './triggers.js';

/** What a chat turn needs to start workflows; given by the visitor routes and the messaging channels (an owner's test chat starts none). */
export interface WorkflowTriggers {
  /** The assistant's active workflows, of the assistant item as the turn read it (kept per workflows version). */
  load(chatbot: { chatbot_id: string; workflows_version?: string }): Promise<TriggerWorkflow[]>;
  /** Starts the matched workflows; never fails the turn (a failure is logged and the execution marked failed). */
  start(matches: readonly TriggerMatch[], context: TriggerContext): Promise<void>;
}

export interface TriggerContext {
  conversationId: string;
  contactId: string;
  contactName?: string;
  contactPhone?: string;
  businessName: string;
  message?: string;
}

/** The assistant's active workflows, prepared for matching (read consistently: a version may just have changed). */
export async function activeTriggers(chatbotId: string): Promise<TriggerWorkflow[]> {
  const { data } = await db().entities.workflow.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all', consistent: true });
  return prepareTriggers(data);
}

/**
 * Read once per warm function and workflows version, which every change of the assistant's workflows
 * renews (workflows/workflows-version.ts): most chat turns need no query of their own.
 */
const keptTriggers = keptPerVersion(activeTriggers);

const load: WorkflowTriggers['load'] = (chatbot) => keptTriggers(chatbot.chatbot_id, chatbot.workflows_version);

async function start(matches: readonly TriggerMatch[], context: TriggerContext): Promise<void> {
  if (matches.length === 0) return;
  try {
    // The customer's details as the conversation knows them (given in this message or before).
    const { data: conversation } = await db().entities.conversation.get({ conversation_id: context.conversationId }).go();
    const base: Omit<TriggerData, 'source'> = {
      message: context.message,
      contact_name: conversation?.customer_name ?? conversation?.contact_name ?? context.contactName,
      customer_phone: conversation?.customer_phone ?? conversation?.contact_phone ?? context.contactPhone,
      customer_email: conversation?.customer_email,
      business_name: context.businessName,
      conversation_id: context.conversationId,
      contact_id: context.contactId,
    };
    const clean = Object.fromEntries(Object.entries(base).filter(([, value]) => value !== undefined && value !== ''));
    const results = await Promise.allSettled(
      matches.map((m) => startWorkflowExecution(m.workflow, { ...clean, source: m.source, matched: m.matched })),
    );
    for (const [index, result] of results.entries()) {
      if (result.status === 'rejected') {
        log.error('A triggered workflow could not be started', { workflowId: matches[index]?.workflow.workflow_id, error: result.reason });
      }
    }
  } catch (error) {
    log.error('Triggered workflows could not be started', { conversationId: context.conversationId, error });
  }
}

export const workflowTriggers: WorkflowTriggers = { load, start };
