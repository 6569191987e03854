import { withRuntimeEnv } from './runtime-env.js';

/** The Cognito `sub` of a signed-in user: the owner id every record is stored under. */
export function userIdOf(idToken: string): string {
  return JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
}

/**
 * Makes the owner a subscriber with unlimited assistants (max_chatbots 0), as a paid plan would:
 * the free quota is one assistant, and tests of several assistants need more. The owner must have
 * read their account (or created an assistant) first, so the subscription record exists.
 */
export async function allowUnlimitedAssistants(env: Record<string, string>, idToken: string): Promise<void> {
  await withRuntimeEnv(env, async () => {
    const { db } = await import('../../functions/core/data/db.js');
    await db()
      .entities.subscription.patch({ user_id: userIdOf(idToken) })
      .set({ subscribed: true, subscription_tier: 'pro', max_chatbots: 0, updated_at: new Date().toISOString() })
      .go();
  });
}
