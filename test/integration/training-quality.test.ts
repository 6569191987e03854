import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEPLOYMENT_READY_QUALITY } from '../../functions/contracts/chatbot.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, waitForCrawl, type ApiClient } from '../support/api-client.js';
import { refuseRequests } from '../support/fault-proxy.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { recomputeTrainingQuality } from '../../functions/core/training/recompute-quality.js';

const { apiUrl, config, env, faults } = inject('runtime');

const page = (title: string, body: string, links = '') =>
  `<!doctype html><html><head><title>${title} - Willow Cafe</title></head><body><nav>${links}</nav><main><h1>${title}</h1>${body}</main></body></html>`;
const nav = ['/', '/menu', '/hours', '/catering', '/contact'].map((href) => `<a href="${href}">${href}</a>`).join(' ');

/** A complete 5-page small business site: what a cafe puts online. */
const cafe: Record<string, string> = {
  '/': page('Willow Cafe', '<h2>About us</h2><p>Willow Cafe is a family cafe in Old Town serving breakfast, lunch and house-roasted coffee since 2009.</p><h2>Seating</h2><p>We have 40 seats inside and a garden terrace with 20 more, open from April to October.</p>', nav),
  '/menu': page('Menu', '<h2>Breakfast</h2><p>Eggs Benedict 12 dollars, buttermilk pancakes with maple syrup 10 dollars, granola bowl 8 dollars.</p><h2>Lunch</h2><p>Soup of the day 7 dollars, grilled halloumi sandwich 11 dollars, quinoa salad 12 dollars.</p><h2>Coffee</h2><p>Espresso 3 dollars, flat white 4 dollars, oat milk at no extra charge.</p>', nav),
  '/hours': page('Opening hours', '<h2>Weekdays</h2><p>Monday to Friday we open at 7 am and close at 5 pm.</p><h2>Weekends</h2><p>Saturday and Sunday we open at 8 am and close at 4 pm. Closed on public holidays.</p>', nav),
  '/catering': page('Catering', '<h2>Office catering</h2><p>We cater office breakfasts and lunches for 10 to 80 people; order two days ahead.</p><h2>Delivery</h2><p>Catering orders are delivered free within 5 miles of the cafe.</p>', nav),
  '/contact': page('Contact', '<h2>Address</h2><p>Willow Cafe, 14 Mill Lane, Springfield.</p><h2>Phone and e-mail</h2><p>Call 555-0142 or write to hello@willowcafe.example.</p><h2>Parking</h2><p>Free parking behind the cafe, entrance from Elm Street.</p>', nav),
};

async function serve(pages: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const body = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (req.url === '/robots.txt' || !body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('training quality measures answers', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  type Quality = {
    id: string;
    training_quality: number;
    training_status: string;
    training_breakdown: { signal: string; points: number; hint: string; questions?: string[] }[];
  };
  const qualityOf = async (api: ApiClient, id: string) => (await api.get(`/chatbots/${id}`)).body.chatbot as Quality;

  async function assistantWithApi(pages: Record<string, string>) {
    const site = await serve(pages);
    servers.push(site.server);
    const api = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const created = await api.post('/chatbots', { websiteUrl: site.url });
    expect(created.status).toBe(201);
    const id = created.body.chatbot.id as string;
    await waitForCrawl(api, id);
    return { api, chatbot: await qualityOf(api, id) };
  }
  const assistantOf = async (pages: Record<string, string>) => (await assistantWithApi(pages)).chatbot;

  it('a complete 5-page small site reaches the deployment threshold without any training', async () => {
    const chatbot = await assistantOf(cafe);
    expect(chatbot.training_quality).toBeGreaterThanOrEqual(DEPLOYMENT_READY_QUALITY);
    expect(chatbot.training_status).toBe('ready_for_deployment');
    expect(chatbot.training_breakdown.find((part) => part.signal === 'answers')?.hint).toMatch(/^It answered \d+ of \d+ questions/);
  });

  it('a 1-page site with no content stays low', async () => {
    const chatbot = await assistantOf({ '/': page('Coming soon', '<p>Soon.</p>') });
    expect(chatbot.training_quality).toBeLessThan(50);
    expect(chatbot.training_status).not.toBe('ready_for_deployment');
  });

  it('a rating reuses what the knowledge answered for the same index: its quality needs no index file', async () => {
    const { api, chatbot } = await assistantWithApi(cafe);
    const answers = chatbot.training_breakdown.find((part) => part.signal === 'answers');
    expect(answers?.points).toBeGreaterThan(0);
    const rated = await api.post(`/chatbots/${chatbot.id}/training-records`, { user_message: 'When do you open on Saturday?', ai_response: 'We open at 8 am on Saturdays.', score: 100 });
    expect(rated.status).toBe(201);
    const after = await qualityOf(api, chatbot.id);
    expect(after.training_breakdown.find((part) => part.signal === 'answers')).toEqual(answers);
    expect(after.training_breakdown).not.toEqual(chatbot.training_breakdown);
    // A function that has not loaded this index (a fresh one, as after a cold start) recomputes while the
    // index files cannot be read: the answers part is still what the knowledge gave.
    await refuseRequests(faults.s3, [chatbot.id]);
    try {
      const recomputed = await withRuntimeEnv({ ...env, AWS_ENDPOINT_URL_S3: faults.s3 }, () => recomputeTrainingQuality(chatbot.id));
      expect(recomputed.parts).toEqual(after.training_breakdown);
    } finally {
      await refuseRequests(faults.s3, []);
    }
  });
});
