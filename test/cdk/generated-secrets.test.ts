import { describe, expect, it } from 'vitest';
import { allFunctionNames } from '../../lib/routes.js';
import { actionsOf, environmentOf, functionId, roleStatements, synthStack } from './app-template.js';

const { template } = synthStack();
const secretIdOf = (description: string) =>
  Object.entries(template.findResources('AWS::SecretsManager::Secret')).find(([, r]) => String(r.Properties?.Description).includes(description))?.[0];

/** The keys the stack generates, and the only functions that may read each. */
const KEYS = [
  // Voice session tokens (create-realtime-session) are signed with it too, under their own issuer; the socket's authorizer checks them.
  // start-visitor gives a new visitor their token before the first message (so that answer streams).
  {
    what: 'visitor tokens are signed',
    description: 'visitor tokens',
    env: 'VISITOR_SECRET_NAME',
    readers: ['chat-with-emma', 'rate-chat-message', 'get-visitor-conversation', 'create-realtime-session', 'realtime-authorizer', 'start-visitor'],
  },
  {
    what: 'channel credentials are sealed',
    description: 'credentials of WhatsApp, Messenger and Instagram',
    env: 'CHANNEL_KEY_SECRET_NAME',
    // set-conversation-status tells a channel customer that the assistant answers again after a hand-back.
    readers: ['connect-channel', 'test-channel-connection', 'channel-webhook', 'process-channel-webhook', 'send-owner-reply', 'run-workflow-action', 'set-conversation-status'],
  },
];

describe.each(KEYS)('$what with a key the stack generates', ({ description, env: envName, readers }) => {
  const secretId = secretIdOf(description);

  it('is a generated secret, kept when the stack goes', () => {
    expect(secretId).toBeDefined();
    const secret = template.toJSON().Resources[secretId!];
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    expect(secret.DeletionPolicy).toBe('Retain');
  });

  it(`only ${readers.join(', ')} get its name and may read it`, () => {
    for (const name of allFunctionNames) {
      const id = functionId(template, name);
      const onSecret = roleStatements(template, id).filter((s) => JSON.stringify(s.Resource).includes(secretId!));
      const env = environmentOf(template, id);
      if (readers.includes(name)) {
        expect(env[envName], name).toBeDefined();
        expect(actionsOf(onSecret)).toContain('secretsmanager:GetSecretValue');
      } else {
        expect(env, name).not.toHaveProperty(envName);
        expect(onSecret, name).toEqual([]);
      }
    }
  });
});
