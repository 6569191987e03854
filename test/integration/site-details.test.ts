import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, type ApiClient } from '../support/api-client.js';

const { apiUrl, config } = inject('runtime');

/** A one-page site titled as the issue's: the name, then the town. */
const HOME = `<!doctype html><html><head><title>Tideline Roasters - Hove</title>
<meta name="description" content="Small-batch coffee roasted on the seafront."></head>
<body><main><h1>Coffee roasted by the sea</h1><p>Open daily from 8 am.</p></main></body></html>`;

/** Issue 30: the creator shows the name the site declares for the owner to confirm, and creates with the confirmed one. */
describe("a new assistant's business name, confirmed by its owner", () => {
  let server: Server;
  let siteUrl: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOME));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const owner = async (): Promise<ApiClient> => apiClient(apiUrl, (await signUpAndSignIn(config, 'Account Name')).idToken);
  const details = (api: ApiClient, websiteUrl: string) => api.get(`/site-details?websiteUrl=${encodeURIComponent(websiteUrl)}`);

  it('reads the name a "Name - Town" title leads with, not the town', async () => {
    const api = await owner();
    const { status, body } = await details(api, siteUrl);
    expect(status).toBe(200);
    expect(body).toEqual({ websiteUrl: `${siteUrl}/`, businessName: 'Tideline Roasters' });
  });

  it('creates the assistant under the name the owner confirmed or corrected', async () => {
    const api = await owner();
    const created = await api.post('/chatbots', { websiteUrl: siteUrl, businessName: '  Tideline Roasters Hove  ' });
    expect(created.status).toBe(201);
    expect(created.body.chatbot.businessName).toBe('Tideline Roasters Hove');
    expect((await api.get(`/chatbots/${created.body.chatbot.id}`)).body.chatbot.business_name).toBe('Tideline Roasters Hove');
  });

  it('without a confirmed name, names the business as the site declares it', async () => {
    const api = await owner();
    const created = await api.post('/chatbots', { websiteUrl: siteUrl });
    expect(created.status).toBe(201);
    expect(created.body.chatbot.businessName).toBe('Tideline Roasters');
  });

  it('refuses a name on several lines or with control characters (400, nothing created), and a site it cannot read (422)', async () => {
    const api = await owner();
    for (const businessName of ['Tideline\nRoasters', 'Tide\u0000line', '   ']) {
      const refused = await api.post('/chatbots', { websiteUrl: siteUrl, businessName });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/business name/);
    }
    expect((await api.get('/chatbots')).body.chatbots).toEqual([]);
    expect((await api.get('/account')).body.subscription.chatbots_created).toBe(0);

    const unreadable = await details(api, 'http://127.0.0.1:9/');
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.error).toMatch(/^We could not read http:\/\/127\.0\.0\.1:9\//);
    expect((await api.get('/site-details')).status).toBe(400);
  });
});
