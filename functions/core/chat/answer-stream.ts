import { log } from '../runtime/log.js';
import { connectionsOfUser } from '../realtime/connections.js';
import { postToConnection } from '../realtime/post-to-connection.js';
import { limitAnswerLength } from './answer-length.js';
import { ProviderFailure } from './openai-responder.js';

/**
 * Where a turn's answer is streamed: the open sockets registered under `socketKey` (the visitor's
 * widget sockets, or the signed-in user's dashboards), which pick the pieces of their own message by
 * its client message id.
 */
export interface StreamTarget {
  clientMessageId: string;
  socketKey: string;
}

/** The answer as the turn stores it; `streamed` when it went to a socket sentence by sentence (each checked then). */
export type StreamedAnswer = { streamed: true; text: string; endedWithFallback: boolean } | { streamed: false; text: string };

/**
 * The end of each complete sentence in `text`: after ., ! or ? (with closing quotes or brackets) when
 * whitespace follows, and at each line break. A decimal point ("4.50") or an address ("p0.html") has
 * none after it, so they stay in their sentence.
 */
const SENTENCE_END = /[.!?…]+["'”’)\]*_]*(?=\s)|\n/g;

/** The complete sentences at the start of `buffer` (each with the whitespace before it), and what is left. */
export function takeSentences(buffer: string): { sentences: string[]; rest: string } {
  const sentences: string[] = [];
  let from = 0;
  for (const match of buffer.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    // The sentence is complete only once the text after its end has begun (a space may be followed by more).
    if (end >= buffer.length) break;
    sentences.push(buffer.slice(from, end));
    from = end;
  }
  return { sentences, rest: buffer.slice(from) };
}

/**
 * Streams a model's answer to the client's sockets as it is written, one sentence at a time, each
 * checked before it is sent (`invented`: the facts it states that the knowledge does not). The first
 * sentence that fails ends the stream with the fallback message, and the answer stored is what was
 * sent. An answer longer than `maxCharacters` ends at the cut limitAnswerLength makes.
 *
 * When the client has no open socket (looked up while the model starts), nothing is sent and the whole
 * answer is returned unchecked, for the caller to check as it checks an answer that was not streamed.
 */
export async function streamAnswer(args: {
  deltas: AsyncIterable<string>;
  target: StreamTarget;
  invented: (sentence: string) => string[];
  fallbackMessage: string;
  maxCharacters: number;
  logContext: Record<string, unknown>;
}): Promise<StreamedAnswer> {
  const { target, invented, fallbackMessage, maxCharacters } = args;
  const listening = connectionsOfUser(target.socketKey).catch((error: unknown) => {
    log.warn('The client sockets could not be looked up; the answer is not streamed', { ...args.logContext, error });
    return [];
  });
  const socket = new PieceSender(target.clientMessageId, args.logContext);
  let connections: string[] | undefined;
  let written = '';
  let sent = '';
  let buffer = '';
  /** Whitespace between sentences (a paragraph break), sent with the sentence after it. */
  let carried = '';
  let endedWithFallback = false;
  /** Sends one sentence (or the last words); false once the answer has ended (a failed check or the length). */
  const offer = (piece: string): boolean => {
    const text = sent ? carried + piece : piece.trimStart();
    carried = '';
    if (!text.trim()) {
      if (sent) carried = text;
      return true;
    }
    const facts = invented(text);
    if (facts.length) {
      log.warn('The model stated facts its knowledge does not; its streamed answer ends with the fallback', { ...args.logContext, invented: facts });
      const ending = sent ? `${/\s$/.test(sent) ? '' : ' '}${fallbackMessage}` : fallbackMessage;
      socket.send(ending, connections!);
      sent += ending;
      endedWithFallback = true;
      return false;
    }
    if ((sent + text).trim().length > maxCharacters) {
      const cut = limitAnswerLength(sent + text, maxCharacters);
      if (cut.startsWith(sent) && cut.length > sent.length) {
        socket.send(cut.slice(sent.length), connections!);
        sent = cut;
      }
      return false;
    }
    socket.send(text, connections!);
    sent += text;
    return true;
  };
  let ended = false;
  for await (const delta of args.deltas) {
    written += delta;
    buffer += delta;
    const { sentences, rest } = takeSentences(buffer);
    if (!sentences.length) continue;
    buffer = rest;
    connections ??= await listening;
    if (!connections.length) continue;
    if (!sentences.every(offer)) {
      ended = true;
      // Stops reading: the model's request is closed.
      break;
    }
  }
  if (!written.trim()) throw new ProviderFailure('The model returned no text');
  connections ??= await listening;
  if (!connections.length) return { streamed: false, text: written.trim() };
  if (!ended) offer(buffer);
  // Every piece reaches the sockets before the turn answers (its reply then replaces them).
  await socket.flushed();
  return { streamed: true, text: sent.trim(), endedWithFallback };
}

/** Posts the pieces of one answer in order (each after the previous one was taken), to every socket. Best effort. */
class PieceSender {
  private seq = 0;
  private chain: Promise<void> = Promise.resolve();
  constructor(
    private readonly clientMessageId: string,
    private readonly logContext: Record<string, unknown>,
  ) {}

  send(text: string, connections: readonly string[]): void {
    const message = { type: 'stream' as const, client_message_id: this.clientMessageId, seq: this.seq++, text };
    this.chain = this.chain.then(async () => {
      try {
        await Promise.all(connections.map((id) => postToConnection(id, message)));
      } catch (error) {
        log.warn('A streamed piece of the answer was not delivered', { ...this.logContext, error });
      }
    });
  }

  flushed(): Promise<void> {
    return this.chain;
  }
}
