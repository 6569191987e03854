import { describe, expect, it } from 'vitest';
import { ASSISTANT_BACK_TEXT, initialsOf, personJoinedText } from '../../../functions/contracts/takeover.js';
import { nameFromEmail } from '../../../functions/core/inbox/person-shown.js';
import { takeoverChange } from '../../../functions/core/inbox/takeover-events.js';

const now = new Date('2026-11-25T12:00:00Z');

describe('what the visitor is told when who answers changes', () => {
  it('a person taking over a conversation the assistant answered joins it', () => {
    expect(takeoverChange({ status: 'active' }, 'in_progress', 'maria', now)).toBe('joined');
    expect(takeoverChange({ status: 'resolved' }, 'in_progress', 'maria', now)).toBe('joined');
  });

  it('the person already answering does not join again; a colleague replying does', () => {
    expect(takeoverChange({ status: 'in_progress', answered_by: 'maria' }, 'in_progress', 'maria', now)).toBeUndefined();
    expect(takeoverChange({ status: 'in_progress', answered_by: 'maria' }, 'in_progress', 'sam', now)).toBe('joined');
  });

  it('handing back or resolving tells the visitor the assistant answers again, if a person answered or was awaited', () => {
    expect(takeoverChange({ status: 'in_progress', answered_by: 'maria' }, 'active', 'maria', now)).toBe('handed_back');
    expect(takeoverChange({ status: 'in_progress' }, 'resolved', 'maria', now)).toBe('handed_back');
    expect(takeoverChange({ status: 'active', transfer_waiting_until: '2026-11-25T12:03:00Z' }, 'resolved', 'maria', now)).toBe('handed_back');
  });

  it('says nothing when nothing changes for the visitor', () => {
    expect(takeoverChange({ status: 'active' }, 'resolved', 'maria', now)).toBeUndefined();
    expect(takeoverChange({ status: 'active', transfer_waiting_until: '2026-11-25T11:59:00Z' }, 'active', 'maria', now)).toBeUndefined();
  });

  it('words the notices as the visitor reads them', () => {
    expect(personJoinedText('Maria', 'Harbor Cafe')).toBe('Maria from Harbor Cafe joined the conversation');
    expect(ASSISTANT_BACK_TEXT).toBe('The assistant is answering again');
  });

  it("names a person who set no name after their e-mail address's first word", () => {
    expect(nameFromEmail('maria.lopez@harbor.cafe')).toBe('Maria');
    expect(nameFromEmail('SAM@bakery.test')).toBe('Sam');
    expect(nameFromEmail('1234@x.test')).toBe('Someone');
  });

  it('shows a person without a picture by the initials of their first two words', () => {
    expect(initialsOf('Maria Lopez')).toBe('ML');
    expect(initialsOf('maria')).toBe('M');
    expect(initialsOf('  Ana  María de la Cruz ')).toBe('AM');
    expect(initialsOf('Émile')).toBe('É');
    expect(initialsOf('')).toBe('?');
  });
});
