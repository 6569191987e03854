import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_TRANSFER_SETTINGS, ESCALATION_TIMEOUT, ESCALATION_TIMEOUT_MESSAGE, type AgentTransfer } from '../../functions/contracts/transfers.js';
import { useAssistantFromFixtureSite } from '../support/fixture-assistant.js';
import { withRuntimeEnv } from '../support/runtime-env.js';
import { chatVisitor } from '../support/visitor.js';
import { widgetSocket } from '../support/widget-socket.js';

const runtime = inject('runtime');
const { apiUrl, config, env } = runtime;

/** Runs the escalation timer's task now, as the state machine does once the timeout has passed. */
const escalateNow = (transfer: AgentTransfer) =>
  withRuntimeEnv(env, async () => {
    const { escalateTransfer } = await import('../../functions/core/transfers/escalation-timer.js');
    return escalateTransfer({ chatbot_id: transfer.chatbot_id, transfer_id: transfer.id, transferred_at: transfer.transferred_at });
  });

describe('the escalation timeout of Agent Transfers', () => {
  const fixture = useAssistantFromFixtureSite(apiUrl, config, 2);
  const sockets: { close(): Promise<unknown> }[] = [];
  afterAll(() => Promise.all(sockets.map((s) => s.close())));

  const transferOf = async (conversationId: string) =>
    ((await fixture.owner.get(`/chatbots/${fixture.chatbotId}/transfers`)).body.transfers as AgentTransfer[]).find(
      (t) => t.conversation_id === conversationId,
    );
  const thread = async (conversationId: string) =>
    ((await fixture.owner.get(`/conversations/${conversationId}`)).body.messages as { sender_type: string; content: string }[]).map((m) => [
      m.sender_type,
      m.content,
    ]);

  it(
    'nobody takes the transfer in time: the visitor is told live and in the conversation, the transfer is unanswered, a person can still take it',
    async () => {
      const { owner, chatbotId } = fixture;
      const saved = await owner.put(`/chatbots/${chatbotId}/transfer-settings`, {
        ...DEFAULT_TRANSFER_SETTINGS,
        enabled: true,
        agent_availability: '24/7',
        escalation_timeout: ESCALATION_TIMEOUT.min,
      });
      expect(saved.status).toBe(200);
      const visitor = chatVisitor(apiUrl, chatbotId);
      const asked = (await visitor.ask('Can I speak to a human please?')).body;
      expect(asked).toMatchObject({ transferRequested: true, message: DEFAULT_TRANSFER_SETTINGS.fallback_message });
      const widget = await widgetSocket(runtime, chatbotId, visitor.visitorToken!);
      sockets.push(widget);
      expect((await transferOf(asked.conversationId))?.status).toBe('pending');

      // The state machine's Wait (30 s, the shortest timeout) passes with nobody answering.
      expect(await widget.message(0)).toMatchObject({ type: 'reply', conversation_id: asked.conversationId, content: ESCALATION_TIMEOUT_MESSAGE });
      expect((await transferOf(asked.conversationId))?.status).toBe('unanswered');
      expect((await thread(asked.conversationId)).at(-1)).toEqual(['assistant', ESCALATION_TIMEOUT_MESSAGE]);

      // A repeated task tells the visitor once.
      expect(await escalateNow((await transferOf(asked.conversationId))!)).toEqual({ escalated: false, reason: 'unanswered' });

      // The owner answers later: the transfer is theirs.
      expect((await owner.post(`/conversations/${asked.conversationId}/messages`, { content: 'Sorry for the wait!' })).status).toBe(201);
      expect((await transferOf(asked.conversationId))?.status).toBe('in_progress');
    },
    150_000,
  );

  it('a transfer a person took before the timeout is left alone', async () => {
    const { owner, chatbotId } = fixture;
    const visitor = chatVisitor(apiUrl, chatbotId);
    const asked = (await visitor.ask('I need a human please')).body;
    expect(asked.transferRequested).toBe(true);
    expect((await owner.post(`/conversations/${asked.conversationId}/messages`, { content: 'Hello, Sam here.' })).status).toBe(201);
    const taken = (await transferOf(asked.conversationId))!;
    expect(taken.status).toBe('in_progress');

    expect(await escalateNow(taken)).toEqual({ escalated: false, reason: 'in_progress' });
    expect((await transferOf(asked.conversationId))?.status).toBe('in_progress');
    expect((await thread(asked.conversationId)).at(-1)).toEqual(['assistant', 'Hello, Sam here.']);
  });
});
