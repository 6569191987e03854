import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { NOT_UPLOADED_MESSAGE, NOT_YOUR_UPLOAD_MESSAGE } from '../../functions/core/accounts/profile-avatar.js';
import { signUpAndSignIn } from '../support/accounts.js';
import { apiClient, type ApiClient } from '../support/api-client.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { dashboardSocket } from '../support/dashboard-socket.js';
import { chatVisitor } from '../support/visitor.js';
import { widgetSocket } from '../support/widget-socket.js';

const runtime = inject('runtime');
const { apiUrl, config, env } = runtime;

/** A tiny PNG's bytes (the signature, then zeros: the server checks the stored type and size, not pixels). */
const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

/** Asks for an upload and puts `body` there with `contentType` (the presigned headers otherwise). */
async function uploaded(api: ApiClient, body = png(1024), contentType?: string): Promise<string> {
  const started = await api.post('/account/avatar/upload-url', { contentType: 'image/png', size: body.byteLength });
  expect(started.status).toBe(200);
  const headers = { ...(started.body.headers as Record<string, string>), ...(contentType && { 'content-type': contentType }) };
  expect((await fetch(started.body.uploadUrl, { method: 'PUT', headers, body })).status).toBe(200);
  return started.body.publicUrl as string;
}

const stored = (publicUrl: string) =>
  withRuntimeEnv(env, async () => {
    const { getS3Client } = await import('../../functions/core/storage/s3-client.js');
    const key = `avatars/${publicUrl.split('/avatars/')[1]}`;
    return getS3Client()
      .send(new HeadObjectCommand({ Bucket: env.AVATARS_BUCKET!, Key: key }))
      .then(() => true, () => false);
  });

/** Issue 28: a person's own avatar, set in Settings > Profile, on their replies and their "joined" notice. */
describe('a person sets their own avatar', () => {
  it('refuses what is not an image of at most 5 MB with the spec texts, and stores nothing', async () => {
    const api = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const wrongType = await api.post('/account/avatar/upload-url', { contentType: 'text/html', size: 1024 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatch(/Please select an image file/);
    const tooBig = await api.post('/account/avatar/upload-url', { contentType: 'image/png', size: 5 * 1024 * 1024 + 1 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toMatch(/Please select an image under 5MB/);
    for (const avatar_url of ['javascript:alert(1)', 'not a url', 42]) {
      const bad = await api.put('/account/avatar', { avatar_url });
      expect(bad.status, String(avatar_url)).toBe(400);
    }
    expect((await api.put('/account/avatar', {})).status).toBe(400);
    // An https image elsewhere is not an upload of theirs.
    const elsewhere = await api.put('/account/avatar', { avatar_url: 'https://images.example/me.png' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toBe(NOT_YOUR_UPLOAD_MESSAGE);

    // The upload address before anything was put there: not yet.
    const started = await api.post('/account/avatar/upload-url', { contentType: 'image/png', size: 1024 });
    const early = await api.put('/account/avatar', { avatar_url: started.body.publicUrl });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe(NOT_UPLOADED_MESSAGE);

    // A file that is not an image where the upload went (a client that ignored the signed type): refused and deleted.
    const html = await uploaded(api, new TextEncoder().encode('<script>alert(1)</script>'), 'text/html');
    const refused = await api.put('/account/avatar', { avatar_url: html });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/Please select an image file/);
    expect(await stored(html)).toBe(false);
    expect((await api.get('/account')).body.profile.avatar_url).toBeUndefined();
  });

  it('sets, replaces and removes only the caller\'s own upload; another user cannot take it', async () => {
    const maria = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const other = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const first = await uploaded(maria);
    const set = await maria.put('/account/avatar', { avatar_url: first });
    expect(set.status).toBe(200);
    expect(set.body.profile.avatar_url).toBe(first);
    expect((await maria.get('/account')).body.profile.avatar_url).toBe(first);
    // The same again changes nothing.
    expect((await maria.put('/account/avatar', { avatar_url: first })).body.profile.avatar_url).toBe(first);

    // Someone else cannot show Maria's picture as theirs (nor, by replacing it, delete it).
    const taken = await other.put('/account/avatar', { avatar_url: first });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe(NOT_YOUR_UPLOAD_MESSAGE);
    expect((await other.get('/account')).body.profile.avatar_url).toBeUndefined();
    expect(await stored(first)).toBe(true);

    // A new picture replaces the first, which is deleted; removing it deletes it too.
    const second = await uploaded(maria);
    expect((await maria.put('/account/avatar', { avatar_url: second })).body.profile.avatar_url).toBe(second);
    expect(await stored(first)).toBe(false);
    // An upload once set cannot be set again after being replaced (it is gone).
    expect((await maria.put('/account/avatar', { avatar_url: first })).status).toBe(400);
    const removed = await maria.put('/account/avatar', { avatar_url: '' });
    expect(removed.status).toBe(200);
    expect(removed.body.profile.avatar_url).toBeUndefined();
    expect(await stored(second)).toBe(false);
  });
});

describe('the person\'s avatar reaches the visitor and the inbox', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 2);
  const sockets: { close(): Promise<unknown> }[] = [];
  afterAll(() => Promise.all(sockets.map((s) => s.close())));

  it('the joined notice, the reply and the typing event carry it live, and the stored conversation keeps it', async () => {
    const { owner, chatbotId } = fixture;
    expect((await owner.patch('/account', { business_name: 'Harbor Cafe', display_name: 'Maria Lopez' })).status).toBe(200);
    const avatar = await uploaded(owner);
    expect((await owner.put('/account/avatar', { avatar_url: avatar })).status).toBe(200);

    const visitor = chatVisitor(apiUrl, chatbotId);
    const { conversationId } = (await visitor.ask('Do you sell croissants?')).body;
    const widget = await widgetSocket(runtime, chatbotId, visitor.visitorToken!);
    sockets.push(widget);
    const person = { name: 'Maria Lopez', avatar };
    const replied = await owner.post(`/conversations/${conversationId}/messages`, { content: 'Yes, every morning.' });
    expect(replied.status).toBe(201);
    expect(await widget.message(0)).toMatchObject({ type: 'person_joined', person });
    expect(await widget.message(1)).toMatchObject({ type: 'reply', content: 'Yes, every morning.', person });
    const inbox = await dashboardSocket(runtime, fixture.ownerIdToken);
    sockets.push({ close: () => new Promise((closed) => (inbox.socket.once('close', closed), inbox.socket.close())) });
    inbox.socket.send(JSON.stringify({ action: 'typing', conversation_id: conversationId }));
    expect(await widget.message(2)).toEqual({ type: 'person_typing', conversation_id: conversationId, person });

    // A reloaded widget: the notice and the reply with her picture.
    const history = await fetch(`${apiUrl}/public/chatbots/${chatbotId}/conversation`, { headers: { authorization: `Bearer ${visitor.visitorToken}` } });
    const shown = ((await history.json()) as { messages: { role: string; content: string; person?: unknown }[] }).messages;
    expect(shown.find((m) => m.role === 'notice')).toMatchObject({ person });
    expect(shown.find((m) => m.content === 'Yes, every morning.')).toMatchObject({ role: 'assistant', person });
    // The inbox thread.
    const thread = (await owner.get(`/conversations/${conversationId}`)).body.messages as { content: string; person_avatar?: string }[];
    expect(thread.find((m) => m.content === 'Yes, every morning.')?.person_avatar).toBe(avatar);

    // Without a picture the next reply carries the name alone (the pages show her initials).
    expect((await owner.put('/account/avatar', { avatar_url: '' })).status).toBe(200);
    expect((await owner.post(`/conversations/${conversationId}/messages`, { content: 'Anything else?' })).status).toBe(201);
    const next = await widget.message(3);
    expect(next).toMatchObject({ type: 'reply', content: 'Anything else?', person: { name: 'Maria Lopez' } });
    expect((next.person as { avatar?: string }).avatar).toBeUndefined();
  });
});
