import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import getPort from 'get-port';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localCredentials, LOCAL_REGION } from '../../local/local-aws.js';
import { readBody } from '../../local/read-body.js';
import { stopServer } from '../../local/services/aws-json-api.js';
import { startStepFunctions, type LocalStepFunctions } from '../../local/services/step-functions.js';
import { eventually } from '../support/eventually.js';

interface Invocation {
  executionId: string;
  step: string;
  index?: number;
  at: number;
}

/** The workflow task function as Lambda's Invoke API, recording each call (what a workflow step did). */
async function recordingLambda() {
  const invocations: Invocation[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req, 1024 * 1024).then((raw) => {
      const payload = JSON.parse(raw.toString('utf8')) as { step: string; execution: { execution_id: string }; action?: { index: number } };
      invocations.push({ executionId: payload.execution.execution_id, step: payload.step, index: payload.action?.index, at: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: 'done', status: 'completed' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { endpoint: `http://127.0.0.1:${port}`, invocations, stop: () => stopServer(server) };
}

/** A workflow execution's input as functions/core/workflows/start-execution.ts gives it. */
const workflowInput = (executionId: string, waits: number[]) =>
  JSON.stringify({
    execution: { chatbot_id: 'bot-1', workflow_id: 'wf-1', execution_id: executionId, trigger_data: {} },
    actions: waits.map((wait_seconds, index) => ({ index, type: 'send_email', config: {}, wait_seconds })),
  });

describe('the local Step Functions across a restart of npm run dev', () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  it('a workflow waiting on a delay runs its next step when the delay ends, and the steps it had done are not done again', async () => {
    const lambda = await recordingLambda();
    stops.push(lambda.stop);
    const stateFile = join(mkdtempSync(join(tmpdir(), 'step-functions-')), 'step-functions.json');
    const start = async () => {
      const sfn = await startStepFunctions(await getPort(), lambda.endpoint, stateFile);
      stops.push(() => sfn.stop());
      return { sfn, client: new SFNClient({ endpoint: sfn.endpoint, region: LOCAL_REGION, credentials: localCredentials }) };
    };
    const startExecution = ({ client, sfn }: { client: SFNClient; sfn: LocalStepFunctions }, name: string, waits: number[]) =>
      client.send(new StartExecutionCommand({ stateMachineArn: sfn.stateMachineArn, name, input: workflowInput(name, waits) }));
    const stepsOf = (executionId: string) => lambda.invocations.filter((i) => i.executionId === executionId).map((i) => [i.step, i.index]);

    // The first action at once, the second 2 s after it; the runtime stops during the delay.
    const first = await start();
    const { executionArn } = await startExecution(first, 'delayed', [0, 2]);
    const [done] = await eventually(async () => lambda.invocations, (list) => list.length === 1, 'the first action');
    await first.sfn.stop();
    stops.pop();
    // Started again only once the delay is over: what was due while the runtime was down runs at once.
    await eventually(async () => Date.now(), (now) => now > done!.at + 2_500, 'the end of the delay');
    const second = await start();
    await startExecution(second, 'fresh', [3]);

    await eventually(async () => stepsOf('delayed'), (steps) => steps.length === 3, 'the delayed execution to finish');
    expect(stepsOf('delayed')).toEqual([
      ['action', 0],
      ['action', 1],
      ['finish', undefined],
    ]);
    const resumed = lambda.invocations.find((i) => i.executionId === 'delayed' && i.index === 1)!;
    expect(resumed.at).toBeGreaterThanOrEqual(done!.at + 2_000);
    // Not waited for in full again: it ran before a new execution's 3 s delay ended.
    await eventually(async () => stepsOf('fresh'), (steps) => steps.length === 2, 'the fresh execution to finish');
    const fresh = lambda.invocations.find((i) => i.executionId === 'fresh' && i.step === 'action')!;
    expect(resumed.at).toBeLessThan(fresh.at);

    const described = await second.client.send(new DescribeExecutionCommand({ executionArn }));
    expect(described.status).toBe('SUCCEEDED');
  }, 60_000);
});
