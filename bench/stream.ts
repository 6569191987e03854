import { nextLine, startBenchChild } from './child-process.js';

const QUESTIONS = 50;
/** A model writing about 50 tokens a second. */
const TOKEN_DELAY_MS = 20;
/** Its first sentence is complete once the word after it comes: the second token. */
const REPLY = 'Welcome! We are open Tuesday to Sunday, and we bake every morning.';
const FIRST_SENTENCE_COMPLETE_TOKEN = 1;

/**
 * `stream first words server overhead p50`: from the moment the fake model wrote the token that
 * completes the answer's first sentence to the visitor's socket receiving that sentence, over 50
 * sequential questions of one visitor with their widget socket open. The fake model and the visitor
 * run in processes of their own; both note times as `performance.timeOrigin + performance.now()`.
 * The runtime's handlers are pointed at the streaming fake for the duration, then back.
 */
export async function benchStream(apiUrl: string, realtimeUrl: string, chatbotId: string): Promise<string> {
  const model = startBenchChild('./stream-fake-model.ts', [REPLY, String(TOKEN_DELAY_MS)]);
  const previous = process.env.OPENAI_BASE_URL;
  try {
    process.env.OPENAI_BASE_URL = await nextLine(model);
    const visitor = startBenchChild('./stream-visitor.ts', [apiUrl, realtimeUrl, chatbotId, String(QUESTIONS)]);
    const received = JSON.parse(await nextLine(visitor)) as number[];
    const written: number[] = [];
    for (let i = 0; i < QUESTIONS; i++) written.push((JSON.parse(await nextLine(model)) as number[])[FIRST_SENTENCE_COMPLETE_TOKEN]!);
    const overheads = received.map((at, i) => at - written[i]!).sort((a, b) => a - b);
    const p50 = overheads[Math.floor(overheads.length / 2)]!;
    return `stream first words server overhead p50: ${p50.toFixed(1)} ms`;
  } finally {
    process.env.OPENAI_BASE_URL = previous;
    model.stop();
  }
}
