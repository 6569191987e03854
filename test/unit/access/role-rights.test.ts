import { describe, expect, it } from 'vitest';
import { assistantLabel, can, isShared } from '@/chatbots/role-rights';
import { defaultAssistant, offersAllAssistants } from '@/dashboard/knowledge/knowledge-labels';

const own = { id: 'own', role: 'owner' as const, business_name: 'Rye & Co', agent_name: 'Ada', team_name: 'Front Desk' };
const viewed = { id: 'viewed', role: 'member' as const, business_name: 'Corner Bakery', agent_name: 'Bo', team_name: 'Front Desk' };
const edited = { ...viewed, id: 'edited', role: 'editor' as const };

/** Issue 12: what the dashboard shows of a shared assistant, from the role the API returns with it. */
describe("the browser's reading of the caller's role", () => {
  it('a member reads; an editor also edits; only the owner owns', () => {
    expect([can(viewed, 'read'), can(viewed, 'edit')]).toEqual([true, false]);
    expect([can(edited, 'edit'), can(edited, 'own')]).toEqual([true, false]);
    expect(can(own, 'own')).toBe(true);
    expect(can(null, 'read')).toBe(false);
  });

  it("selectors mark someone else's assistant as shared, with its team", () => {
    expect([isShared(own), isShared(viewed)]).toEqual([false, true]);
    expect(assistantLabel(own)).toBe('Rye & Co');
    expect(assistantLabel(viewed)).toBe('Corner Bakery (shared · Front Desk)');
  });

  it("'All assistants' (the caller's own knowledge) is offered only to someone who owns one, or none is listed", () => {
    expect(offersAllAssistants([])).toBe(true);
    expect(offersAllAssistants([edited, own])).toBe(true);
    expect(offersAllAssistants([edited])).toBe(false);
    expect(defaultAssistant([edited])).toBe('edited');
    expect(defaultAssistant([edited, own])).toBe('all');
  });
});
