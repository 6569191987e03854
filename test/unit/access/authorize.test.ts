import { describe, expect, it } from 'vitest';
import { decide, enforce } from '../../../functions/core/access/authorize.js';
import { httpRoutes, isSignedIn, type Access } from '../../../lib/routes.js';

/** Issue 12: member reads; editor also edits; admin also manages; only the owner owns. */
const expected = {
  member: { read: 'allowed', edit: 'forbidden', manage: 'forbidden', own: 'forbidden' },
  editor: { read: 'allowed', edit: 'allowed', manage: 'forbidden', own: 'forbidden' },
  admin: { read: 'allowed', edit: 'allowed', manage: 'allowed', own: 'forbidden' },
  owner: { read: 'allowed', edit: 'allowed', manage: 'allowed', own: 'allowed' },
} as const;

describe('the authorization rule', () => {
  for (const [role, actions] of Object.entries(expected)) {
    for (const [action, decision] of Object.entries(actions)) {
      it(`${role} / ${action}: ${decision}`, () => {
        expect(decide(role as keyof typeof expected, action as keyof typeof actions)).toBe(decision);
      });
    }
  }

  it('someone with no role on the resource cannot see it, whatever the action', () => {
    for (const action of ['read', 'edit', 'manage', 'own'] as const) expect(decide(undefined, action)).toBe('hidden');
  });

  it('refuses with 404 for what the caller cannot see and 403 for what their role lacks', () => {
    expect(() => enforce(undefined, 'read', 'Chatbot', 'an assistant')).toThrow(expect.objectContaining({ statusCode: 404, message: 'Chatbot not found' }));
    expect(() => enforce('member', 'edit', 'Chatbot', 'an assistant')).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(enforce('editor', 'edit', 'Chatbot', 'an assistant')).toBe('editor');
  });

  it("a route declared 'account' cannot be used to act on someone's resource", () => {
    expect(() => enforce('owner', 'account', 'Chatbot', 'an assistant')).toThrow(/declare its action/);
  });

  it('every signed-in route declares what it needs of its caller', () => {
    const routes: readonly { name: string; access: Access; action?: string }[] = httpRoutes;
    const undeclared = routes.filter((r) => isSignedIn(r.access) && !r.action).map((r) => r.name);
    expect(undeclared).toEqual([]);
  });
});
