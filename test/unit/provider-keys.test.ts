import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetProviderKeys, loadProviderKeys } from '../../functions/core/runtime/provider-keys.js';

/** A stand-in for the Secrets Manager API that answers GetSecretValue with `secret` and counts calls. */
async function fakeSecretsManager(secret: Record<string, unknown> | 'fail') {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push(JSON.parse(body).SecretId);
      if (secret === 'fail') {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: 'no such secret' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ Name: 'providers', SecretString: JSON.stringify(secret) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, close: () => server.close() };
}

describe('provider keys from Secrets Manager', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    forgetProviderKeys();
  });

  function useSecret(endpoint: string) {
    Object.assign(process.env, {
      PROVIDER_SECRET_NAME: 'assistants/dev/providers',
      AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    });
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_MODEL;
  }

  it('reads the secret once per cold start into the environment, ignoring keys it does not know', async () => {
    const fake = await fakeSecretsManager({ OPENAI_API_KEY: 'sk-from-secret', OPENAI_MODEL: 'gpt-test', OTHER: 'x' });
    useSecret(fake.endpoint);
    await Promise.all([loadProviderKeys(), loadProviderKeys()]);
    await loadProviderKeys();
    expect(process.env.OPENAI_API_KEY).toBe('sk-from-secret');
    expect(process.env.OPENAI_MODEL).toBe('gpt-test');
    expect(process.env.OTHER).toBeUndefined();
    expect(fake.calls).toEqual(['assistants/dev/providers']);
    fake.close();
  });

  it('a value already in the environment wins', async () => {
    const fake = await fakeSecretsManager({ OPENAI_API_KEY: 'sk-from-secret' });
    useSecret(fake.endpoint);
    process.env.OPENAI_API_KEY = 'sk-from-env';
    await loadProviderKeys();
    expect(process.env.OPENAI_API_KEY).toBe('sk-from-env');
    fake.close();
  });

  it('an unreadable secret leaves the embedded defaults in place instead of failing', async () => {
    const fake = await fakeSecretsManager('fail');
    useSecret(fake.endpoint);
    process.env.LOG_LEVEL = 'silent';
    await expect(loadProviderKeys()).resolves.toBeUndefined();
    expect(process.env.OPENAI_API_KEY).toBeUndefined();
    fake.close();
  });

  it('does nothing without a secret name (local development)', async () => {
    delete process.env.PROVIDER_SECRET_NAME;
    await loadProviderKeys();
    expect(process.env.OPENAI_API_KEY).toBe(saved.OPENAI_API_KEY);
  });
});
