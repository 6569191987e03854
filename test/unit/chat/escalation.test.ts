import { describe, expect, it } from 'vitest';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../../functions/contracts/chatbot.js';
import { handoffReason } from '../../../functions/core/chat/escalation.js';

const noTransfers = { enabled: false, triggers: [], auto_transfer_keywords: [] };
/** The reason a visitor's message hands over under the default escalation triggers, if it does. */
const handsOver = (message: string) => handoffReason(message, DEFAULT_CONVERSATION_SETTINGS, noTransfers);

describe('escalation triggers hand over when the visitor asks for what they name', () => {
  it.each([
    'I want to talk to a manager',
    'Can I speak to a manager?',
    'Could you put me through to customer service please?',
    'manager please',
    'This is the third time. Manager!',
    'Please let me speak to human now',
    'How do I reach customer service?',
  ])('hands over: %j', (message) => {
    expect(handsOver(message)).toMatch(/^Escalation trigger/);
  });

  it.each([
    'My manager only wants to read conversations, not answer them. Does she need a paid seat?',
    'Does the Growth plan include a manager role?',
    'What are your customer service hours?',
    'Our office manager asked me to book a deep clean. Are you free on Friday?',
  ])('answers a question that only mentions a trigger word: %j', (message) => {
    expect(handsOver(message)).toBeUndefined();
  });

  it("an owner's topic trigger still hands over complaints and requests about it", () => {
    const transfers = { enabled: true, triggers: ['wrong order', 'refund'], auto_transfer_keywords: [] };
    const reason = (message: string) => handoffReason(message, { handoffEnabled: false, escalationTriggers: [] }, transfers);
    expect(reason('You sent me the wrong order')).toBe('Transfer trigger: "wrong order"');
    expect(reason('My refund has not arrived')).toBe('Transfer trigger: "refund"');
    expect(reason('Can I get a refund?')).toBe('Transfer trigger: "refund"');
    expect(reason('How long does delivery take?')).toBeUndefined();
  });
});
