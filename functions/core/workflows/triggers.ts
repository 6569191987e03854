import type { UserAction, WorkflowTriggerType } from '../../contracts/workflows.js';
import { coverage, termsOf } from '../chat/text-terms.js';
import { synonymsOf } from '../knowledge/synonyms.js';
import type { StoredWorkflow } from './workflow-record.js';

/**
 * An intent matches when a message covers this share of one example phrase's meaningful terms, each
 * term or a synonym of it, as the answer engine matches questions to knowledge (stop words out, stems).
 */
export const INTENT_COVERAGE = 0.75;

/** An active workflow with its trigger prepared for matching on every message. */
export interface TriggerWorkflow {
  workflow: StoredWorkflow;
  /** keyword: each listed word or phrase as its words. */
  keywords?: { text: string; words: string[] }[];
  action?: UserAction;
  /** intent: its name, its example phrases (what the model is shown) and the meaningful terms of each. */
  intent?: { name: string; phrases: string[]; examples: string[][] };
}

/** What happened in a chat turn that a workflow may be triggered by. */
export interface TriggerEvent {
  /** The visitor's message (never the assistant's or a workflow's: those cannot trigger). */
  message?: string;
  actions: readonly UserAction[];
  /**
   * The intent a model read in the message (intent-model.ts): its name, or null for none; the intent
   * workflows then follow it. Undefined (no model, or it failed): the offline meaning-based matching.
   */
  modelIntent?: string | null;
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
 * The active workflows a chat turn can trigger, prepared once per turn. Time-based ones are not
 * matched here: they run on their schedule.
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
    } else if (workflow.trigger_type === 'intent') {
      const { intent, examples = [] } = workflow.trigger_conditions as { intent?: string; examples?: string[] };
      const terms = examples.map(termsOf).filter((t) => t.length > 0);
      if (intent && terms.length) prepared.push({ workflow, intent: { name: intent, phrases: examples, examples: terms } });
    }
  }
  return prepared;
}

/** The workflows this turn triggers, each once, with what matched. */
export function matchTriggers(workflows: readonly TriggerWorkflow[], event: TriggerEvent): TriggerMatch[] {
  const words = event.message ? wordsOf(event.message) : [];
  let meaning: Set<string> | undefined;
  const matches: TriggerMatch[] = [];
  for (const { workflow, keywords, action, intent } of workflows) {
    if (keywords) {
      const keyword = words.length ? keywords.find((k) => containsRun(words, k.words)) : undefined;
      if (keyword) matches.push({ workflow, source: 'keyword', matched: keyword.text });
    } else if (action && event.actions.includes(action)) {
      matches.push({ workflow, source: 'user_action', matched: action });
    } else if (intent && event.message) {
      if (event.modelIntent !== undefined) {
        if (event.modelIntent?.toLowerCase() === intent.name.toLowerCase()) matches.push({ workflow, source: 'intent', matched: intent.name });
        continue;
      }
      meaning ??= termsWithSynonyms(event.message);
      const terms = meaning;
      if (intent.examples.some((example) => coverage(example, terms) >= INTENT_COVERAGE)) {
        matches.push({ workflow, source: 'intent', matched: intent.name });
      }
    }
  }
  return matches;
}

/** A message's meaningful terms and their synonyms: what an intent's examples are compared with. */
function termsWithSynonyms(message: string): Set<string> {
  const terms = new Set<string>();
  for (const term of termsOf(message)) {
    terms.add(term);
    for (const synonym of synonymsOf(term)) terms.add(synonym);
  }
  return terms;
}
