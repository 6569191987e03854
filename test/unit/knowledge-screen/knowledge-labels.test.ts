import { describe, expect, it } from 'vitest';
import { assistantBadgeLabel } from '../../../frontend/src/dashboard/knowledge/knowledge-labels.js';

const mine = { id: 'mine', user_id: 'me', role: 'owner' as const, business_name: 'My Bakery', agent_name: 'Ava' };
const shared = { id: 'shared', user_id: 'boss', role: 'member' as const, business_name: 'Tideline Roasters', agent_name: 'Tia' };

describe("a knowledge card's assistant badge", () => {
  it("names the caller's own unassigned entry 'All assistants' and an assigned one by its assistant", () => {
    expect(assistantBadgeLabel({ chatbot_id: null, user_id: 'me' }, [mine, shared])).toBe('All assistants');
    expect(assistantBadgeLabel({ chatbot_id: 'shared', user_id: 'boss' }, [mine, shared])).toBe('Tideline Roasters');
  });

  it("names the shared assistants a team owner's entry for all their assistants answers on, not the caller's own", () => {
    expect(assistantBadgeLabel({ chatbot_id: null, user_id: 'boss' }, [mine, shared])).toBe(
      "All of its owner's assistants: Tideline Roasters",
    );
  });
});
