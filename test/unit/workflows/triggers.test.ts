import { describe, expect, it } from 'vitest';
import { matchTriggers, prepareTriggers } from '../../../functions/core/workflows/triggers.js';
import type { StoredWorkflow } from '../../../functions/core/workflows/workflow-record.js';

const workflow = (id: string, trigger_type: StoredWorkflow['trigger_type'], trigger_conditions: unknown, is_active = true) =>
  ({ workflow_id: id, chatbot_id: 'bot', name: id, trigger_type, trigger_conditions, is_active, actions: [] }) as unknown as StoredWorkflow;

const prepared = prepareTriggers([
  workflow('quote', 'keyword', { keywords: ['quote', 'price list'] }),
  workflow('off', 'keyword', { keywords: ['quote'] }, false),
  workflow('started', 'user_action', { action: 'conversation_started' }),
  workflow('details', 'user_action', { action: 'contact_details_given' }),
  workflow('booking', 'intent', { intent: 'table booking', examples: ['book a table', 'is there a free table tonight'] }),
  workflow('scheduled', 'time_based', { schedule: { repeat: 'daily', time: '09:00', timezone: 'UTC' } }),
]);
const matched = (message: string | undefined, actions: Parameters<typeof matchTriggers>[1]['actions'] = []) =>
  matchTriggers(prepared, { message, actions }).map((m) => `${m.workflow.workflow_id}:${m.matched}`);

describe('workflow triggers', () => {
  it('match a keyword as a word, whatever its case and punctuation', () => {
    expect(matched('Can I get a QUOTE?')).toEqual(['quote:quote']);
    expect(matched('quote')).toEqual(['quote:quote']);
  });

  it('never match part of a word', () => {
    expect(matched('A quotation please')).toEqual([]);
    expect(matched('misquote')).toEqual([]);
  });

  it('match a phrase only as its words in order', () => {
    expect(matched('Send me your price-list')).toEqual(['quote:price list']);
    expect(matched('the list price')).toEqual([]);
  });

  it('skip inactive workflows and those not checked in chat (time-based)', () => {
    expect(prepared.map((p) => p.workflow.workflow_id)).toEqual(['quote', 'started', 'details', 'booking']);
  });

  it('match an intent by meaning, as the answer engine matches: stems and synonyms of an example phrase', () => {
    expect(matched('Can I reserve a table for Friday?')).toEqual(['booking:table booking']);
    expect(matched('Booking tables for six people')).toEqual(['booking:table booking']);
    expect(matched('Is your table wooden?')).toEqual([]);
    expect(matched('I want to book a haircut')).toEqual([]);
  });

  it('match user actions of the turn, each workflow once', () => {
    expect(matched('Hello, quote please', ['conversation_started', 'contact_details_given'])).toEqual([
      'quote:quote',
      'started:conversation_started',
      'details:contact_details_given',
    ]);
    expect(matched(undefined, ['handoff_requested'])).toEqual([]);
  });
});
