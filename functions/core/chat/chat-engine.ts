import type { ChatOutcome, ChatTurn } from './chat-turn.js';
import { decideReply } from './reply-decision.js';
import { deliverReply, keepAfterFailure } from './turn-delivery.js';
import { readTurnState, startTurn } from './turn-state.js';

export { PROVIDER_FAILURE_MESSAGE, type ChatOutcome, type ChatTurn } from './chat-turn.js';

/**
 * chat-with-emma: one visitor message in, one reply out, in three stages. Read the turn's state in
 * two database rounds (turn-state.ts: the assistant and the visitor's conversation, then that
 * conversation's state, an answer to its open question and the knowledge); decide the reply from that
 * state alone (reply-decision.ts: person answering, handoff, confirmation, correction, model, offline,
 * off-topic); deliver it (turn-delivery.ts: store, announce, analytics, workflows, agents).
 */
export async function chat(request: ChatTurn, now = new Date()): Promise<ChatOutcome> {
  const turn = await startTurn(request, now);
  // A repeat of a client message id already answered: its first outcome, nothing stored again.
  if ('repeat' in turn) return turn.repeat;
  try {
    const state = await readTurnState(turn);
    return await deliverReply(turn, state, decideReply(state.facts));
  } catch (error) {
    await keepAfterFailure(turn);
    throw error;
  }
}
