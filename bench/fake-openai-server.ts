/** The instant fake AI provider as a process of its own: prints its base URL, then serves until killed. */
import { startFakeOpenAi } from '../test/support/fake-openai.js';

const fake = await startFakeOpenAi();
fake.reply = { text: process.argv[2] ?? 'OK' };
console.log(fake.baseURL);
