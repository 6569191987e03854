/**
 * What this warm function learnt of each assistant it answered for, so that a turn's first round can
 * ask for more than the assistant item before reading it:
 * - its owner, who never changes (`user_id` is read-only on the chatbot): the owner's open-sockets
 *   item joins the first BatchGetItem instead of being looked up after it;
 * - its context window as last read, a guess the turn checks against the assistant it reads in the
 *   same round (raised since: the history is read again): the history query reads only that many
 *   messages instead of the most any assistant may keep (a query's cost grows with its items);
 * - its index and corrections versions as last read: the question's passages and correction are
 *   looked up while the first round is in flight, used when the assistant read names the same versions.
 */
interface KnownAssistant {
  ownerId: string;
  contextWindow: number;
  indexVersion?: string;
  correctionsVersion?: string;
}

const known = new Map<string, KnownAssistant>();

/** Far more assistants than one warm function answers for; past it the map starts again. */
const KEPT = 10_000;

export const knownAssistant = (chatbotId: string): KnownAssistant | undefined => known.get(chatbotId);

export function rememberAssistant(chatbotId: string, assistant: KnownAssistant): void {
  const before = known.get(chatbotId);
  if (
    before?.ownerId === assistant.ownerId &&
    before.contextWindow === assistant.contextWindow &&
    before.indexVersion === assistant.indexVersion &&
    before.correctionsVersion === assistant.correctionsVersion
  )
    return;
  if (!before && known.size >= KEPT) known.clear();
  known.set(chatbotId, assistant);
}
