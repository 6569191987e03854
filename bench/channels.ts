/**
 * Messaging channel figures (issue 13), on the local runtime with an instant fake AI provider:
 *   webhook ack p50: N ms       a signed WhatsApp webhook call, from its arrival at the local API to its
 *                               200 being written (signature checked, the work handed on); budget 30 ms
 *   channel answer p50: N ms    from the same arrival to the answer arriving at the Graph API's send
 *                               endpoint (engine, inbox, Graph send); budget 150 ms
 * `tsx bench/channels.ts`. The calls go one after the other, each waiting for its answer. Both are timed
 * where Meta would see them, inside the runtime: the bench's own client shares this process with the work
 * that follows the acknowledgement, so what it sees of a call also holds that work's first milliseconds.
 */
import './silent-logs.js';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../local/ports.js';
import { startLocalRuntime } from '../local/runtime.js';
import { startFixtureSite } from '../local/sample-site.js';
import { signUpAndSignIn } from '../test/support/accounts.js';
import { apiClient, waitForCrawl } from '../test/support/api-client.js';
import { startFakeOpenAi } from '../test/support/fake-openai.js';
import { credentialsOf, graphStandIn, hubSignatureOf, trainForChannels, whatsappTextPayload } from '../test/support/graph-stand-in.js';
import { median } from './cold-start.js';

const RUNS = 30;
const WARM_UP = 3;

/** When the local API took in the latest call of a path and when it wrote that call's answer. */
function serverTimes(path: string) {
  const times = { arrived: 0, arrivedWall: 0, answered: 0 };
  const ofPath = (message: unknown) => (message as { request: IncomingMessage }).request.url === path;
  subscribe('http.server.request.start', (message) => {
    if (!ofPath(message)) return;
    times.arrived = performance.now();
    times.arrivedWall = Date.now();
  });
  subscribe('http.server.response.finish', (message) => {
    if (ofPath(message)) times.answered = performance.now();
  });
  return times;
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const fakeAi = await startFakeOpenAi();
  fakeAi.reply = { text: 'We are open Tuesday to Sunday.' };
  process.env.OPENAI_API_KEY = 'sk-bench';
  process.env.OPENAI_BASE_URL = fakeAi.baseURL;
  const dataDir = mkdtempSync(join(tmpdir(), 'assistants-bench-channels-'));
  const runtime = await startLocalRuntime({ dataDir, ports: await freePorts(), web: 'none', trustForwardedFor: true });
  const site = await startFixtureSite({ pages: 30, hangingPage: false });
  try {
    const owner = apiClient(runtime.apiUrl, (await signUpAndSignIn(runtime.config, 'Bench Bakery')).idToken);
    const chatbotId = (await owner.post('/chatbots', { websiteUrl: site.url })).body.chatbot.id as string;
    await waitForCrawl(owner, chatbotId);
    await trainForChannels(owner, chatbotId);
    const meta = graphStandIn(runtime.env);
    const account = await meta.newAccount('whatsapp', 'Bench Bakery');
    const connected = await owner.put(`/chatbots/${chatbotId}/channels/whatsapp`, { credentials: credentialsOf(account) });
    if (connected.status !== 200) throw new Error(`Could not connect WhatsApp: ${JSON.stringify(connected.body)}`);
    const webhookUrl = connected.body.channel.webhook_url as string;
    const webhook = serverTimes(new URL(webhookUrl).pathname);

    const acks: number[] = [];
    const answers: number[] = [];
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      // A customer of their own per run: each message starts its conversation, as most channel messages continue one.
      const customer = `4477009${String(run).padStart(5, '0')}`;
      const body = whatsappTextPayload(account.account_id, { from: customer, name: 'Bench Customer', id: `wamid.bench-${run}`, text: 'When are you open?' });
      const signature = hubSignatureOf(body, account.app_secret);
      const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body });
      await res.text();
      if (res.status !== 200) throw new Error(`The webhook answered ${res.status}`);
      // One long poll: answered the moment the send arrives (polling every few ms loaded the very process measured).
      const [sent] = await meta.awaitSentTo(account.account_id, customer, 1);
      if (!sent) throw new Error('No answer was sent within 20 s');
      if (run < WARM_UP) continue;
      acks.push(webhook.answered - webhook.arrived);
      // The stand-in notes the send's arrival to the millisecond.
      answers.push(Date.parse(sent.at) - webhook.arrivedWall);
    }
    console.log(`webhook ack p50: ${median(acks).toFixed(1)} ms`);
    console.log(`channel answer p50: ${median(answers).toFixed(1)} ms`);
  } finally {
    await site.stop();
    await runtime.stop();
    await fakeAi.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
