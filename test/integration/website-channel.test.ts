import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient } from '../support/api-client.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { newSourceAddress } from '../support/visitor.js';

const { apiUrl, config, env } = inject('runtime');

/** What a browser page on `origin` sends: the widget loading (profile), then a visitor's message. */
const fromPage = (origin: string | undefined, chatbotId: string) => {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': newSourceAddress(), ...(origin ? { origin } : {}) };
  return {
    profile: () => fetch(`${apiUrl}/public/chatbots/${chatbotId}`, { headers }),
    chat: () =>
      fetch(`${apiUrl}/chat`, { method: 'POST', headers, body: JSON.stringify({ chatbotId, message: 'When are you open?' }) }),
  };
};

describe('Deployment Center: the website channel and its domain allow-list', () => {
  const assistant = useAssistantFromFixtureSite(apiUrl, config, 3);
  const deployment = async () => (await assistant.owner.get(`/chatbots/${assistant.chatbotId}/deployment`)).body;

  it('a new assistant runs on any website, and learns where its widget runs from the pages that load it', async () => {
    const before = await deployment();
    expect(before.website).toEqual({ enabled: true, allowed_domains: [], seen: [] });
    expect(before.channels).toEqual([]);

    const page = fromPage('https://shop.example.com', assistant.chatbotId);
    expect((await page.profile()).status).toBe(200);
    expect((await page.chat()).status).toBe(200);

    const after = await deployment();
    expect(after.website.seen).toHaveLength(1);
    expect(after.website.seen[0].origin).toBe('https://shop.example.com');
    expect(Date.now() - Date.parse(after.website.seen[0].last_seen_at)).toBeLessThan(60_000);
  });

  it('with domains listed, a page elsewhere gets no widget and its chat is refused; listed domains and their subdomains work', async () => {
    const put = await assistant.owner.put(`/chatbots/${assistant.chatbotId}/website-channel`, {
      enabled: true,
      allowed_domains: ['https://Bakery.test/contact', 'bakery.test', 'localhost:8080'],
    });
    expect(put.status).toBe(200);
    expect(put.body.website.allowed_domains).toEqual(['bakery.test', 'localhost:8080']);

    for (const origin of ['https://shop.example.com', 'https://evilbakery.test', 'http://localhost:9090', 'null']) {
      const page = fromPage(origin, assistant.chatbotId);
      const profile = await page.profile();
      expect(profile.status, origin).toBe(403);
      expect((await profile.json()).error).toBe('This assistant is not available on this website.');
      expect((await page.chat()).status, origin).toBe(403);
    }
    for (const origin of ['https://bakery.test', 'https://www.bakery.test', 'http://localhost:8080']) {
      const page = fromPage(origin, assistant.chatbotId);
      expect((await page.profile()).status, origin).toBe(200);
      expect((await page.chat()).status, origin).toBe(200);
    }
    // The product's own pages (demo page) and callers that are no browser page are not websites.
    for (const origin of [new URL(env.PUBLIC_SITE_URL!).origin, undefined]) {
      expect((await fromPage(origin, assistant.chatbotId).profile()).status, String(origin)).toBe(200);
    }
    const refusedOrigins = (await deployment()).website.seen.map((s: { origin: string }) => s.origin);
    expect(refusedOrigins).not.toContain('https://evilbakery.test');
    expect(refusedOrigins).toContain('https://www.bakery.test');
  });

  it('with the website channel off, no website gets the widget, whatever the list', async () => {
    const off = await assistant.owner.put(`/chatbots/${assistant.chatbotId}/website-channel`, { enabled: false, allowed_domains: [] });
    expect(off.status).toBe(200);
    expect((await assistant.owner.get(`/chatbots/${assistant.chatbotId}`)).body.chatbot.deployment_channels).not.toContain('website');
    const page = fromPage('https://bakery.test', assistant.chatbotId);
    expect((await page.profile()).status).toBe(403);
    expect((await page.chat()).status).toBe(403);
    expect((await fromPage(undefined, assistant.chatbotId).profile()).status).toBe(200);

    const on = await assistant.owner.put(`/chatbots/${assistant.chatbotId}/website-channel`, { enabled: true, allowed_domains: [] });
    expect(on.body.website).toMatchObject({ enabled: true, allowed_domains: [] });
    expect((await page.profile()).status).toBe(200);
    expect((await assistant.owner.get(`/chatbots/${assistant.chatbotId}`)).body.chatbot.deployment_channels).toContain('website');
  });

  it('a list with something that is no domain is refused with 400 and changes nothing', async () => {
    const before = await deployment();
    for (const allowed_domains of [['exa mple.com'], ['https://user:pw@example.com'], Array.from({ length: 51 }, (_, i) => `d${i}.example.com`)]) {
      const res = await assistant.owner.put(`/chatbots/${assistant.chatbotId}/website-channel`, { enabled: false, allowed_domains });
      expect(res.status).toBe(400);
    }
    expect((await assistant.owner.put(`/chatbots/${assistant.chatbotId}/website-channel`, { allowed_domains: [] })).status).toBe(400);
    expect((await deployment()).website).toEqual(before.website);
  });

  it('another owner gets 404 for both routes and changes nothing', async () => {
    const stranger = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    expect((await stranger.get(`/chatbots/${assistant.chatbotId}/deployment`)).status).toBe(404);
    const put = await stranger.put(`/chatbots/${assistant.chatbotId}/website-channel`, { enabled: false, allowed_domains: ['x.test'] });
    expect(put.status).toBe(404);
    expect((await deployment()).website.enabled).toBe(true);
  });
});
