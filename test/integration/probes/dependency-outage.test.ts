import { afterEach, describe, expect, inject, it } from 'vitest';
import { outageMessage } from '../../../functions/core/http/http-handler.js';
import { DEFAULT_TIMEOUT_SECONDS, httpRoutes } from '../../../lib/routes.js';
import { freezeRequests, refuseRequests } from '../../support/fault-proxy.js';
import { useAssistantFromFixtureSite } from '../../support/fixture-assistant.js';
import { chatVisitor } from '../../support/visitor.js';

const { apiUrl, config, faults } = inject('runtime');
/** Makes the database hang on (frozen) or drop (stopped) the requests naming `id`; undefined ends it. */
const databaseFault = (fault: 'frozen' | 'stopped' | undefined, id: string) =>
  fault === 'frozen' ? freezeRequests(faults.dynamodb, [id]) : refuseRequests(faults.dynamodb, fault ? [id] : []);

const limitMs = (name: (typeof httpRoutes)[number]['name']) => {
  const route = httpRoutes.find((r) => r.name === name)!;
  return ('timeoutSeconds' in route ? route.timeoutSeconds : DEFAULT_TIMEOUT_SECONDS) * 1000;
};

/** Runs `call` and says how long its answer took. */
async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
}

/**
 * The database hangs (accepts and never answers) or goes away (drops the connection) for the
 * requests about one assistant, while the rest of the run goes on. The functions give up within
 * their route's time limit, answer 503 with a message saying so, and serve again as soon as the
 * database does, without a restart.
 */
describe('a database that hangs or goes away', () => {
  const assistant = useAssistantFromFixtureSite(apiUrl, config, 3);
  afterEach(() => databaseFault(undefined, assistant.chatbotId));

  it.each(['frozen', 'stopped'] as const)('%s: the public profile answers 503 in time, then 200 once it is back', async (fault) => {
    const profile = () => fetch(`${apiUrl}/public/chatbots/${assistant.chatbotId}`);
    await databaseFault(fault, assistant.chatbotId);
    const { result: down, ms } = await timed(profile);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual({ error: outageMessage('database') });
    expect(ms).toBeLessThan(limitMs('get-public-chatbot'));

    await databaseFault(undefined, assistant.chatbotId);
    const back = await profile();
    expect(back.status).toBe(200);
    expect((await back.json()).chatbot.id).toBe(assistant.chatbotId);
  });

  it('frozen: a visitor\u2019s message answers 503 within the chat route\u2019s limit; the same message is answered once it is back', async () => {
    const visitor = chatVisitor(apiUrl, assistant.chatbotId);
    await databaseFault('frozen', assistant.chatbotId);
    const { result: down, ms } = await timed(() => visitor.ask('When are you open?'));
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: outageMessage('database') });
    expect(ms).toBeLessThan(limitMs('chat-with-emma'));

    await databaseFault(undefined, assistant.chatbotId);
    const answered = await visitor.ask('When are you open?');
    expect(answered.status).toBe(200);
    expect(answered.body.message).toEqual(expect.any(String));
  });
});
