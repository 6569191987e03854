import { describe, expect, it } from 'vitest';
import { allFunctionNames } from '../../lib/routes.js';
import { actionsOf, environmentOf, functionId, roleStatements, synthStack } from './app-template.js';

const { template } = synthStack();
const secretId = Object.entries(template.findResources('AWS::SecretsManager::Secret')).find(([, r]) =>
  String(r.Properties?.Description).includes('visitor tokens'),
)?.[0];
const readers = ['chat-with-emma', 'rate-chat-message'];

describe('visitor tokens are signed with a key the stack generates', () => {
  it('is a generated secret, kept when the stack goes', () => {
    expect(secretId).toBeDefined();
    const secret = template.toJSON().Resources[secretId!];
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    expect(secret.DeletionPolicy).toBe('Retain');
  });

  it('only the public chat and rating functions get its name and may read it', () => {
    for (const name of allFunctionNames) {
      const id = functionId(template, name);
      const onSecret = roleStatements(template, id).filter((s) => JSON.stringify(s.Resource).includes(secretId!));
      const env = environmentOf(template, id);
      if (readers.includes(name)) {
        expect(env.VISITOR_SECRET_NAME).toBeDefined();
        expect(actionsOf(onSecret)).toContain('secretsmanager:GetSecretValue');
      } else {
        expect(env).not.toHaveProperty('VISITOR_SECRET_NAME');
        expect(onSecret).toEqual([]);
      }
    }
  });
});
