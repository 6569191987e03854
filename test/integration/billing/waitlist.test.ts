import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { signUpAdmin, signUpAndSignIn } from '../../support/accounts.js';

const { apiUrl, config } = inject('runtime');

/** A visitor of the public form, from an address of its own (the limit counts per address). */
const signUp = async (body: unknown, source = `198.51.100.${Math.floor(Math.random() * 250) + 1}`) => {
  const res = await fetch(`${apiUrl}/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': source },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
};

const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** Every entry of the list, page by page. */
async function allEntries(admin: ApiClient, limit: number) {
  const entries: { email: string; name: string; phone: string | null; agree_to_promotions: boolean }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { status, body } = await admin.get(`/admin/waitlist${query}`);
    expect(status).toBe(200);
    expect(body.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...body.entries);
    cursor = body.next_cursor;
    pages++;
  } while (cursor);
  return { entries, pages };
}

describe('waitlist', () => {
  let admin: ApiClient;
  beforeAll(async () => {
    admin = apiClient(apiUrl, (await signUpAdmin(config)).idToken);
  });

  it('signs a visitor up; the admin sees the entry and the counts move', async () => {
    const before = (await admin.get('/admin/waitlist')).body.stats;
    const address = email('ann');
    const res = await signUp({ name: 'Ann Baker', email: address.toUpperCase(), phone: '+44 7700 900123', agree_to_promotions: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: true, entry: { email: address, name: 'Ann Baker', agree_to_launch_access: true } });

    const { status, body } = await admin.get('/admin/waitlist');
    expect(status).toBe(200);
    expect(body.entries[0]).toMatchObject({ email: address, phone: '+44 7700 900123', agree_to_promotions: true });
    expect(body.stats).toEqual({
      total: before.total + 1,
      with_phone: before.with_phone + 1,
      marketing_opt_in: before.marketing_opt_in + 1,
    });
  });

  it('the same e-mail twice updates its one entry (an earlier phone is kept) and counts once', async () => {
    const address = email('bob');
    await signUp({ name: 'Bob', email: address, phone: '07700 900456', agree_to_promotions: true });
    const before = (await admin.get('/admin/waitlist')).body.stats;
    const again = await signUp({ name: 'Robert', email: address, agree_to_promotions: false });
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);

    const { body } = await admin.get('/admin/waitlist');
    const mine = body.entries.filter((e: { email: string }) => e.email === address);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: 'Robert', phone: '07700 900456', agree_to_promotions: false });
    expect(body.stats).toEqual({ total: before.total, with_phone: before.with_phone, marketing_opt_in: before.marketing_opt_in - 1 });
  });

  it('concurrent sign-ups of one address make one entry', async () => {
    const address = email('race');
    const before = (await admin.get('/admin/waitlist')).body.stats.total;
    const results = await Promise.all([1, 2, 3].map((n) => signUp({ name: `Racer ${n}`, email: address }, `203.0.113.${n}`)));
    expect(results.map((r) => r.status).every((s) => s === 200 || s === 409)).toBe(true);
    const { body } = await admin.get('/admin/waitlist');
    expect(body.entries.filter((e: { email: string }) => e.email === address)).toHaveLength(1);
    expect(body.stats.total).toBe(before + 1);
  });

  it.each([
    ['no name', { email: 'x@example.com' }, /name/],
    ['a blank name', { name: '   ', email: 'x@example.com' }, /Please enter your name/],
    ['no e-mail', { name: 'Ann' }, /email/],
    ['an invalid e-mail', { name: 'Ann', email: 'not-an-address' }, /valid email/],
    ['an invalid phone', { name: 'Ann', email: 'x@example.com', phone: 'call me' }, /phone/],
    ['an invalid Instagram handle', { name: 'Ann', email: 'x@example.com', instagram_handle: 'has spaces!' }, /Instagram/],
    ['a name of 500 characters', { name: 'a'.repeat(500), email: 'x@example.com' }, /120/],
    ['a formula name with a line break', { name: '=HYPERLINK("http://evil.example","x")\nJane', email: 'x@example.com' }, /one line/],
    ['a name with CR LF', { name: '=1+1\r\nJane', email: 'x@example.com' }, /one line/],
    ['a name with a NUL', { name: 'Ja\u0000ne', email: 'x@example.com' }, /control characters/],
  ])('refuses %s with a 400 and stores nothing', async (_case, body, message) => {
    const before = (await admin.get('/admin/waitlist')).body.stats.total;
    const res = await signUp(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect((await admin.get('/admin/waitlist')).body.stats.total).toBe(before);
  });

  it('limits sign-ups per source address (429 with Retry-After)', async () => {
    const source = '192.0.2.77';
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 12; i++) {
      const res = await signUp({ name: 'Flood', email: email('flood') }, source);
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
    }
    // The minute's window may turn over mid-way, so at least the last two are refused, never the first ten.
    expect(statuses.slice(0, 10).filter((s) => s === 200).length).toBeGreaterThanOrEqual(8);
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('lists only for admins: a signed-in owner gets 403, nobody signed in 401', async () => {
    const owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const res = await owner.get('/admin/waitlist');
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/admin/i);
    expect((await fetch(`${apiUrl}/admin/waitlist`)).status).toBe(401);
  });

  it('pages through every entry newest first; a forged cursor is a 400', async () => {
    for (let i = 0; i < 5; i++) await signUp({ name: `Pager ${i}`, email: email(`pager${i}`) });
    const { total } = (await admin.get('/admin/waitlist')).body.stats;
    const { entries, pages } = await allEntries(admin, 2);
    expect(entries).toHaveLength(total);
    expect(pages).toBe(Math.ceil(total / 2));
    expect(new Set(entries.map((e) => e.email)).size).toBe(total);
    expect(entries.slice(0, 5).map((e) => e.name)).toEqual(['Pager 4', 'Pager 3', 'Pager 2', 'Pager 1', 'Pager 0']);

    const forged = await admin.get('/admin/waitlist?cursor=not-a-cursor');
    expect(forged.status).toBe(400);
    expect((await admin.get('/admin/waitlist?limit=0')).status).toBe(400);
  });
});
