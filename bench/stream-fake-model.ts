/**
 * The streaming fake AI provider as a process of its own (see child-process.ts): answers every
 * completion with `reply` (argument 1), streamed word by word `tokenDelayMs` (argument 2) apart, like a
 * model writing. Prints its base URL, then one JSON line per streamed completion: when it wrote each
 * token (ms since the epoch, sub-millisecond), until killed.
 */
import { startFakeOpenAi } from '../test/support/fake-openai.js';

const fake = await startFakeOpenAi();
fake.reply = { text: process.argv[2] ?? 'OK' };
fake.tokenDelayMs = Number(process.argv[3] ?? 20);
fake.onStreamed = (times) => console.log(JSON.stringify(times));
console.log(fake.baseURL);
