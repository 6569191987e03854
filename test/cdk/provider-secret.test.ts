import { describe, expect, it } from 'vitest';
import { allFunctionNames, asyncFunctions, httpRoutes, socketRoutes, stateMachineTasks } from '../../lib/routes.js';
import { actionsOf, environmentOf, functionId, roleStatements, synthStack } from './app-template.js';

const { template, config } = synthStack();
const usesProviders = new Set<string>(
  [...httpRoutes, ...asyncFunctions, ...stateMachineTasks, ...socketRoutes].filter((f) => (f.uses as readonly string[]).includes('providers')).map((f) => f.name),
);

describe('AI provider keys come from one Secrets Manager secret', () => {
  it('the functions that call a model (chat, FAQs, voice turns, messaging channels), embed knowledge (crawl, reindex-knowledge after every knowledge change) speak (elevenlabs-tts) or say which voice keys exist get the secret name and may read it', () => {
    expect([...usesProviders].sort()).toEqual([
      'chat-as-owner',
      'chat-with-emma',
      'crawl-step',
      'create-realtime-session',
      'elevenlabs-tts',
      'generate-faqs-from-website',
      'process-channel-webhook',
      'realtime-default',
      'reindex-knowledge',
    ]);
    for (const name of usesProviders) {
      const id = functionId(template, name);
      expect(environmentOf(template, id).PROVIDER_SECRET_NAME).toBe(config.providerSecretName);
      expect(actionsOf(roleStatements(template, id))).toContain('secretsmanager:GetSecretValue');
    }
  });

  it('no other function can read it', () => {
    for (const name of allFunctionNames.filter((n) => !usesProviders.has(n))) {
      const id = functionId(template, name);
      const onProviderSecret = roleStatements(template, id).filter((s) => JSON.stringify(s.Resource).includes(config.providerSecretName));
      expect(actionsOf(onProviderSecret)).not.toContain('secretsmanager:GetSecretValue');
      expect(environmentOf(template, id)).not.toHaveProperty('PROVIDER_SECRET_NAME');
    }
  });
});
