import type { UserAction, WorkflowTriggerType } from '../../contracts/workflows.js';
import type { StoredWorkflow } from './workflow-record.js';

/** An active workflow with its trigger prepared for matching on every message. */
export interface TriggerWorkflow {
  workflow: StoredWorkflow;
  /** keyword: each listed word or phrase as its words. */
  keywords?: { text: string; words: string[] }[];
  action?: UserAction;
}

/** What happened in a chat turn that a workflow may be triggered by. */
export interface TriggerEvent {
  /** The visitor's message (never the assistant's or a workflow's: those cannot trigger). */
  message?: string;
  actions: readonly UserAction[];
}

export interface TriggerMatch {
  workflow: StoredWorkflow;
  source: WorkflowTriggerType;
  /** The keyword or user action that matched. */
  matched: string;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-case words: letters and digits, any punctuation or space between them. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

/** Whether `words` appear one after another in `text` (a phrase matches whole words, never a part of one). */
function containsRun(text: readonly string[], words: readonly string[]): boolean {
  if (words.length === 0) return false;
  outer: for (let start = 0; start + words.length <= text.length; start++) {
    for (let i = 0; i < words.length; i++) if (text[start + i] !== words[i]) continue outer;
    return true;
  }
  return false;
}

/**
 * The active workflows a chat turn can trigger, prepared once per turn. Intent and time-based
 * triggers are not matched here (time-based ones run on their schedule).
 */
export function prepareTriggers(workflows: readonly StoredWorkflow[]): TriggerWorkflow[] {
  const prepared: TriggerWorkflow[] = [];
  for (const workflow of workflows) {
    if (workflow.is_active === false) continue;
    const conditions = workflow.trigger_conditions as { keywords?: string[]; action?: UserAction };
    if (workflow.trigger_type === 'keyword' && conditions.keywords?.length) {
      prepared.push({ workflow, keywords: conditions.keywords.map((text) => ({ text, words: wordsOf(text) })).filter((k) => k.words.length) });
    } else if (workflow.trigger_type === 'user_action' && conditions.action) {
      prepared.push({ workflow, action: conditions.action });
    }
  }
  return prepared;
}

/** The workflows this turn triggers, each once, with what matched. */
export function matchTriggers(workflows: readonly TriggerWorkflow[], event: TriggerEvent): TriggerMatch[] {
  const words = event.message ? wordsOf(event.message) : [];
  const matches: TriggerMatch[] = [];
  for (const { workflow, keywords, action } of workflows) {
    if (keywords) {
      const keyword = words.length ? keywords.find((k) => containsRun(words, k.words)) : undefined;
      if (keyword) matches.push({ workflow, source: 'keyword', matched: keyword.text });
    } else if (action && event.actions.includes(action)) {
      matches.push({ workflow, source: 'user_action', matched: action });
    }
  }
  return matches;
}
