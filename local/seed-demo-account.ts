import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createChatbotRequestSchema } from '../functions/contracts/chatbot.js';
import { getAccount } from '../functions/core/accounts/account.js';
import { createChatbot } from '../functions/core/chatbots/create-chatbot.js';
import { listChatbots } from '../functions/core/chatbots/manage-chatbots.js';
import type { UserPoolIds } from './bootstrap-user-pool.js';
import { signUpOnce } from './sign-up-once.js';

export const demoAccount = {
  email: 'demo@example.com',
  password: 'Demo-password-1',
  businessName: 'Maple & Rye Bakery',
} as const;

/**
 * Signs the demo owner up through the pool (so the pre-sign-up trigger confirms them, exactly as for
 * a real visitor), creates their profile and trial subscription, and creates their assistant from the
 * local sample website through the real creation path (quota, crawl, index).
 */
export async function seedDemoAccount(
  client: CognitoIdentityProviderClient,
  pool: UserPoolIds,
  sampleSiteUrl: string,
): Promise<void> {
  await signUpOnce(client, pool, demoAccount);
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: demoAccount.email }));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('Demo user has no sub');
  const identity = { userId: sub, email: demoAccount.email, businessName: demoAccount.businessName, groups: [] };
  await getAccount(identity);
  if ((await listChatbots(sub)).length === 0) {
    await createChatbot(identity, createChatbotRequestSchema.parse({ websiteUrl: sampleSiteUrl, agentName: 'Maple' }));
  }
}
