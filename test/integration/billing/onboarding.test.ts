import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../../support/accounts.js';
import { apiClient } from '../../support/api-client.js';
import { useAssistantFromFixtureSite } from '../../support/fixture-assistant.js';
import { chatVisitor } from '../../support/visitor.js';

const { apiUrl, config } = inject('runtime');

describe('onboarding progress', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 5);

  it('a new owner has done nothing; Mark Complete keeps a step, per user', async () => {
    const owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    expect((await owner.get('/onboarding')).body).toEqual({ completed: [], detected: [] });

    const marked = await owner.put('/onboarding/steps/scale');
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ completed: ['scale'], detected: [] });
    // Marking again changes nothing (completion cannot be undone, nor doubled).
    expect((await owner.put('/onboarding/steps/scale')).body.completed).toEqual(['scale']);
    expect((await owner.get('/onboarding')).body.completed).toEqual(['scale']);

    const other = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    expect((await other.get('/onboarding')).body.completed).toEqual([]);
  });

  it('refuses an unknown step with a 400', async () => {
    const owner = apiClient(apiUrl, (await signUpAndSignIn(config)).idToken);
    const res = await owner.put('/onboarding/steps/launch-rocket');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/step/);
    expect((await owner.get('/onboarding')).body.completed).toEqual([]);
  });

  it('finds the steps the owner did: created, tested, trained, deployed, answered; kept after the assistant is deleted', async () => {
    const { owner, chatbotId } = fixture;
    expect((await owner.get('/onboarding')).body.detected).toEqual(['create']);

    const chat = await owner.post(`/chatbots/${chatbotId}/chat`, { message: 'When are you open?', session: 'onboarding' });
    expect(chat.status).toBe(200);
    expect((await owner.get('/onboarding')).body.detected).toEqual(['create', 'test']);

    const entry = await owner.post('/knowledge', { title: 'Parking', content: 'Free parking behind the shop.', type: 'context', chatbot_id: chatbotId });
    expect(entry.status).toBe(201);
    expect((await owner.get('/onboarding')).body).toEqual({ completed: ['create', 'test', 'train'], detected: ['create', 'test', 'train'] });

    // The embed widget loads on the owner's own site: the assistant is deployed.
    const widget = await fetch(`${apiUrl}/public/chatbots/${chatbotId}`, { headers: { origin: 'https://shop.example.com' } });
    expect(widget.status).toBe(200);
    expect((await owner.get('/onboarding')).body.detected).toEqual(['create', 'test', 'train', 'deploy']);

    // A customer asks, the owner answers from the inbox: 'Monitor & Manage Performance'.
    const question = await chatVisitor(apiUrl, chatbotId).ask('Can I order a birthday cake?');
    expect(question.status).toBe(200);
    const reply = await owner.post(`/conversations/${question.body.conversationId}/messages`, { content: 'Yes, two days ahead.' });
    expect(reply.status).toBe(201);
    const answered = ['create', 'test', 'train', 'deploy', 'monitor'];
    expect((await owner.get('/onboarding')).body).toEqual({ completed: answered, detected: answered });

    expect((await owner.delete(`/chatbots/${chatbotId}`)).status).toBeLessThan(300);
    expect((await owner.get('/onboarding')).body.detected).toEqual(answered);
  });
});
