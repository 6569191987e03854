import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { signIn, signUpAndSignIn, uniqueEmail } from '../../support/accounts.js';
import { apiClient, waitForKnowledge } from '../../support/api-client.js';
import { useAssistantFromFixtureSite } from '../../support/fixture-assistant.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { stripeStandIn, TEST_CARDS, waitForSubscription } from '../../support/stripe-stand-in.js';
import { chatVisitor } from '../../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');
const stripe = stripeStandIn(env);

/** Every item of the table whose attributes or keys mention `text` anywhere. */
async function itemsMentioning(text: string): Promise<Record<string, unknown>[]> {
  return withRuntimeEnv(env, async () => {
    const { getDocumentClient } = await import('../../../functions/core/data/client.js');
    const found: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await getDocumentClient().send(new ScanCommand({ TableName: env.TABLE_NAME, ExclusiveStartKey: start }));
      found.push(...(page.Items ?? []).filter((item) => JSON.stringify(item).includes(text)));
      start = page.LastEvaluatedKey;
    } while (start);
    return found;
  });
}

/** Object keys of a bucket containing `text`. */
async function objectsMentioning(bucket: string, text: string): Promise<string[]> {
  return withRuntimeEnv(env, async () => {
    const { getS3Client } = await import('../../../functions/core/storage/s3-client.js');
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await getS3Client().send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!).filter((key) => key.includes(text)));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  });
}

describe('the local user pool enforces the CDK pool password policy', () => {
  it('refuses a sign-up whose password lacks a symbol, as Cognito does', async () => {
    const client = new CognitoIdentityProviderClient({
      region: config.region,
      endpoint: config.userPoolEndpoint,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    const signUp = (password: string, email = uniqueEmail('policy')) =>
      client.send(
        new SignUpCommand({ ClientId: config.userPoolClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
      );
    await expect(signUp('NoSymbols12345')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await expect(signUp('Short-1a')).rejects.toThrow(/not long enough/);
    await expect(signUp('With-symbol-12')).resolves.toMatchObject({ UserSub: expect.any(String) });
    client.destroy();
  });
});

describe('account settings', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 4);

  it('changes the business name on the profile and in new tokens; refuses one too long', async () => {
    const user = await signUpAndSignIn(config, 'Old Name Bakery');
    const owner = apiClient(apiUrl, user.idToken);
    const res = await owner.patch('/account', { business_name: '  New Name Bakery ' });
    expect(res.status).toBe(200);
    expect(res.body.profile.business_name).toBe('New Name Bakery');
    const { idToken } = await signIn(config, user.email, user.password);
    expect(JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString())['custom:business_name']).toBe('New Name Bakery');

    const tooLong = await owner.patch('/account', { business_name: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect((await owner.get('/account')).body.profile.business_name).toBe('New Name Bakery');
  });

  it('deleting needs the typed e-mail address: anything else is a 400 and deletes nothing', async () => {
    const { owner, chatbotId } = fixture;
    const res = await owner.delete('/account');
    expect(res.status).toBe(400);
    const wrong = await apiClient(apiUrl, '').delete('/account');
    expect(wrong.status).toBe(401);
    const typo = await owner.delete('/account', { confirm_email: 'someone-else@example.com' });
    expect(typo.status).toBe(400);
    expect(typo.body.error).toMatch(/type your e-mail address/i);
    expect((await owner.get(`/chatbots/${chatbotId}`)).status).toBe(200);
  });

  it('deletes the account: subscription cancelled, nothing of the owner left in the table, the buckets or the user pool', async () => {
    const { owner, chatbotId } = fixture;
    const { body: account } = await owner.get('/account');
    const { user_id: userId, email } = account.profile;

    // Everything an owner makes: a paid plan, knowledge with a file, ratings, corrections, chats, onboarding.
    const checkout = await owner.post('/billing/checkout');
    expect((await stripe.pay(checkout.body.url, TEST_CARDS.succeeds)).status).toBe(303);
    await waitForSubscription(owner, (s) => s.subscribed === true);
    const started = await owner.post('/knowledge/documents/upload-url', { fileName: 'notes.txt', size: 26 });
    await fetch(started.body.uploadUrl, { method: 'PUT', headers: started.body.headers, body: 'We bake rye every morning.' });
    expect((await owner.post('/knowledge/documents', { uploadId: started.body.uploadId, fileName: 'notes.txt', chatbotId })).status).toBe(201);
    const leftUpload = await owner.post('/knowledge/documents/upload-url', { fileName: 'unused.txt', size: 5 });
    await fetch(leftUpload.body.uploadUrl, { method: 'PUT', headers: leftUpload.body.headers, body: 'hello' });
    expect((await owner.post('/knowledge', { title: 'Parking', content: 'Behind the shop.', type: 'context' })).status).toBe(201);
    expect((await owner.post(`/chatbots/${chatbotId}/chat`, { message: 'When do you open?', session: 'delete' })).status).toBe(200);
    expect((await owner.post(`/chatbots/${chatbotId}/training-records`, { user_message: 'Hi', ai_response: 'Hello', score: 20 })).status).toBe(201);
    expect(
      (await owner.post(`/chatbots/${chatbotId}/corrections`, { original_message: 'Hi', original_response: 'Yo', corrected_response: 'Hello!' })).status,
    ).toBeLessThan(300);
    expect((await chatVisitor(apiUrl, chatbotId, { contactName: 'Visitor' }).ask('Do you sell rye?')).status).toBe(200);
    await owner.put('/onboarding/steps/scale');
    expect(await itemsMentioning(userId)).not.toHaveLength(0);
    const customer = (await itemsMentioning(userId)).find((item) => item.stripe_customer_id)?.stripe_customer_id as string;

    // The knowledge changes above are re-indexed after their answers; done before the account goes.
    await waitForKnowledge(owner, chatbotId);
    const res = await owner.delete('/account', { confirm_email: email.toUpperCase() });
    expect(res.status).toBe(200);

    expect(await itemsMentioning(userId)).toEqual([]);
    expect(await itemsMentioning(chatbotId)).toEqual([]);
    expect(await objectsMentioning(env.DOCUMENTS_BUCKET!, userId)).toEqual([]);
    expect(await objectsMentioning(env.DOCUMENTS_BUCKET!, chatbotId)).toEqual([]);
    const subscriptions = await stripe.client.subscriptions.list({ customer, status: 'all' });
    expect(subscriptions.data.map((s) => s.status)).toEqual(['canceled']);
    await expect(signIn(config, email, 'Test-password-1')).rejects.toThrow();
  });
});
