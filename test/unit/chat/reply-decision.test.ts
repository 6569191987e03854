import { describe, expect, it } from 'vitest';
import { DECLINED_TEXT } from '../../../functions/contracts/chat.js';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../../functions/contracts/chatbot.js';
import { WITH_TEAM_TEXT } from '../../../functions/contracts/takeover.js';
import { DEFAULT_TRANSFER_SETTINGS } from '../../../functions/contracts/transfers.js';
import { HANDOFF_CONFIRMATION_QUESTION } from '../../../functions/core/chat/escalation.js';
import { decideReply, needsKnowledge, type ReplyFacts } from '../../../functions/core/chat/reply-decision.js';
import type { SearchHit } from '../../../functions/core/knowledge/search-index.js';

const hours: SearchHit = {
  chunkId: 'c1',
  documentId: 'd1',
  source: 'page',
  title: 'Opening hours',
  url: 'https://harbor.example/hours',
  text: 'Harbor Cafe is open Tuesday to Sunday from 8 am to 6 pm.',
  score: 3,
};
const knowledge = { passages: [hours], termWeights: new Map<string, number>() };

/** A plain turn of a visitor asking a question, no model, nothing special: each test changes what it is about. */
const facts = (over: Partial<ReplyFacts> = {}): ReplyFacts => ({
  question: 'When are you open?',
  personAnswering: false,
  modelConfigured: false,
  knowledge,
  settings: { ...DEFAULT_CONVERSATION_SETTINGS, requireConfirmation: false, allowOffTopic: false },
  transfers: { ...DEFAULT_TRANSFER_SETTINGS, fallback_message: 'A person from our team will be with you shortly.' },
  businessName: 'Harbor Cafe',
  // A Wednesday noon: the default business hours, so no "away" notice is added.
  now: new Date('2026-11-25T12:00:00Z'),
  ...over,
});

describe('the reply decision, from the turn state alone', () => {
  it('only acknowledges the message while a person answers the conversation, whatever it asks', () => {
    expect(decideReply(facts({ personAnswering: true, handoffTrigger: 'Escalation trigger: "manager"', modelConfigured: true }))).toEqual({
      kind: 'person-answering',
      text: WITH_TEAM_TEXT,
      waiting: false,
    });
  });

  it('only acknowledges the message while a transfer the visitor asked for waits for a person', () => {
    const waiting = facts({ transferWaitingUntil: '2026-11-25T12:05:00Z', modelConfigured: true });
    expect(decideReply(waiting)).toEqual({ kind: 'person-answering', text: 'Your message is with the team', waiting: true });
    // Asking for a person again while one is awaited starts no second transfer.
    expect(decideReply({ ...waiting, handoffTrigger: 'Escalation trigger: "manager"' })).toMatchObject({ kind: 'person-answering', waiting: true });
  });

  it('answers again once the transfer has waited its time (the escalation timeout passed)', () => {
    const decision = decideReply(facts({ transferWaitingUntil: '2026-11-25T11:59:59Z' }));
    expect(decision).toMatchObject({ kind: 'offline', fallback: false });
  });

  it("hands over on the visitor's yes to the handoff question, with the owner's transfer message", () => {
    expect(decideReply(facts({ confirmationAnswered: 'handoff' }))).toEqual({
      kind: 'handoff',
      reason: 'Visitor confirmed the handoff to a person',
      text: 'A person from our team will be with you shortly.',
    });
  });

  it('tells the visitor the assistant carries on after their no', () => {
    expect(decideReply(facts({ confirmationAnswered: 'declined', handoffTrigger: 'Escalation trigger: "manager"' }))).toEqual({
      kind: 'declined',
      text: DECLINED_TEXT,
    });
  });

  it('asks first when the owner requires confirmation of a handoff', () => {
    const decision = decideReply(facts({ handoffTrigger: 'Escalation trigger: "manager"', settings: { ...facts().settings, requireConfirmation: true } }));
    expect(decision).toEqual({ kind: 'confirmation', text: HANDOFF_CONFIRMATION_QUESTION, confirmation: 'handoff' });
  });

  it('hands over at once on a trigger otherwise, naming the trigger as the reason', () => {
    const decision = decideReply(facts({ handoffTrigger: 'Escalation trigger: "manager"' }));
    expect(decision).toMatchObject({ kind: 'handoff', reason: 'Escalation trigger: "manager"' });
  });

  it("adds when agents are back to a transfer outside the agents' hours", () => {
    const decision = decideReply(
      facts({ handoffTrigger: 'Transfer trigger: "refund"', transfers: { ...facts().transfers, enabled: true }, now: new Date('2026-11-28T12:00:00Z') }),
    );
    expect(decision.kind).toBe('handoff');
    expect(decision.kind === 'handoff' && decision.text).toMatch(/^A person from our team will be with you shortly\. .+/);
  });

  it('gives the model the passages and the correction to use, when a model is configured', () => {
    expect(decideReply(facts({ modelConfigured: true, correction: { corrected_response: 'We open at 7 am on Saturdays.' } }))).toEqual({
      kind: 'model',
      passages: [hours],
      requiredAnswer: 'We open at 7 am on Saturdays.',
    });
    expect(decideReply(facts({ modelConfigured: true, knowledge: undefined }))).toEqual({ kind: 'model', passages: [] });
  });

  it("answers with the owner's correction without a model", () => {
    expect(decideReply(facts({ correction: { corrected_response: 'We open at 7 am on Saturdays.' } }))).toEqual({
      kind: 'correction',
      text: 'We open at 7 am on Saturdays.',
    });
  });

  it('refuses an off-topic question politely when the owner does not allow them', () => {
    expect(decideReply(facts({ question: 'Who won the football world cup in 1998?' }))).toEqual({
      kind: 'off-topic',
      text: 'I\'m sorry, I can only help with questions about Harbor Cafe. Is there anything about Harbor Cafe I can help you with?',
    });
  });

  it('answers an off-topic question from what is known when the owner allows them', () => {
    const decision = decideReply(facts({ question: 'Who won the football world cup in 1998?', settings: { ...facts().settings, allowOffTopic: true } }));
    expect(decision).toMatchObject({ kind: 'offline', fallback: true, text: DEFAULT_CONVERSATION_SETTINGS.fallbackMessage, sources: [] });
  });

  it('answers from the passages offline, naming the page it came from', () => {
    const decision = decideReply(facts());
    expect(decision.kind).toBe('offline');
    if (decision.kind !== 'offline') return;
    expect(decision.fallback).toBe(false);
    expect(decision.text).toContain('Tuesday to Sunday');
    expect(decision.sources).toEqual([{ title: 'Opening hours', url: 'https://harbor.example/hours' }]);
  });

  it("says the owner's fallback message when nothing known answers", () => {
    const decision = decideReply(facts({ knowledge: undefined, settings: { ...facts().settings, fallbackMessage: 'Please call us on that one.' } }));
    expect(decision).toEqual({ kind: 'offline', text: 'Please call us on that one.', sources: [], fallback: true });
  });

  it('needs knowledge only for a turn the assistant answers from it', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(needsKnowledge({ personAnswering: false, now })).toBe(true);
    expect(needsKnowledge({ personAnswering: true, now })).toBe(false);
    expect(needsKnowledge({ personAnswering: false, transferWaitingUntil: '2026-11-25T12:05:00Z', now })).toBe(false);
    expect(needsKnowledge({ personAnswering: false, transferWaitingUntil: '2026-11-25T11:55:00Z', now })).toBe(true);
    expect(needsKnowledge({ personAnswering: false, handoffTrigger: 'x', now })).toBe(false);
    expect(needsKnowledge({ personAnswering: false, confirmationAnswered: 'declined', now })).toBe(false);
  });
});
