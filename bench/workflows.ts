/**
 * Workflow figures (issue 14): `workflow trigger check 50 workflows: N ms` (what a chat turn adds to
 * match its message and user actions against an assistant's workflows; budget 2 ms) and
 * `workflow execution 3 actions: N ms` ('Run test' to a completed record on the local Step Functions,
 * no waits). `tsx bench/workflows.ts` prints the first alone; bench/run.ts prints both.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { matchTriggers, prepareTriggers } from '../functions/core/workflows/triggers.js';
import type { StoredWorkflow } from '../functions/core/workflows/workflow-record.js';
import { apiClient } from '../test/support/api-client.js';
import { median } from './cold-start.js';

const WORDS = ['quote', 'price', 'booking', 'refund', 'delivery', 'invoice', 'cancel', 'table', 'menu', 'allergy', 'parking', 'gift card'];

/** 50 active workflows as owners write them: 30 keyword lists of a few words and phrases, 10 intents with examples, 10 user actions. */
function fiftyWorkflows(): StoredWorkflow[] {
  return Array.from({ length: 50 }, (_, i) => {
    const word = (k: number) => WORDS[(i + k) % WORDS.length]!;
    const [trigger_type, trigger_conditions] =
      i % 5 === 4
        ? ['user_action', { action: 'contact_details_given' }]
        : i % 5 === 3
          ? ['intent', { intent: `${word(0)} question`, examples: [`how much is the ${word(0)}`, `can I change my ${word(1)}`, `tell me about ${word(2)} options`] }]
          : ['keyword', { keywords: [0, 1, 2, 3, 4].map((k) => `${word(k)}${k === 4 ? ` option ${i}` : ''}`) }];
    return { workflow_id: `w${i}`, chatbot_id: 'bench', name: `Workflow ${i}`, is_active: true, trigger_type, trigger_conditions, actions: [] } as unknown as StoredWorkflow;
  });
}

export function benchTriggerCheck(runs = 2000): string {
  const workflows = fiftyWorkflows();
  const message =
    'Hello! We are planning a birthday dinner for twelve people next Saturday evening. Could you tell me whether you ' +
    'have a private room, what the set menu costs per person, and whether a quote can include the wine?';
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    // As a turn does it: prepare what the table returned, then match.
    matchTriggers(prepareTriggers(workflows), { message, actions: ['contact_details_given'] });
    times.push(performance.now() - start);
  }
  return `workflow trigger check 50 workflows: ${median(times).toFixed(3)} ms`;
}

/** 'Run test' of a 3-action workflow until its record says completed (polled every 20 ms), median of `runs`. */
export async function benchWorkflowExecution(apiUrl: string, idToken: string, chatbotId: string, runs = 5): Promise<string> {
  const api = apiClient(apiUrl, idToken);
  const created = await api.post(`/chatbots/${chatbotId}/workflows`, {
    name: 'Bench workflow',
    trigger_type: 'keyword',
    trigger_conditions: { keywords: 'bench' },
    is_active: false,
    actions: [
      { type: 'send_email', config: { to: 'bench@example.com', subject: 'Bench', message: '{{message}}' } },
      { type: 'tag_contact', config: { tags: 'bench' } },
      { type: 'create_task', config: { title: 'Bench task', due_in_hours: 1 } },
    ],
  });
  if (created.status !== 201) throw new Error(`Could not create the benchmark workflow: ${JSON.stringify(created.body)}`);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const started = await api.post(`/chatbots/${chatbotId}/workflows/${created.body.workflow.id}/test`);
    for (;;) {
      const { body } = await api.get(`/chatbots/${chatbotId}/workflow-executions`);
      const execution = (body.executions as { id: string; status: string }[]).find((e) => e.id === started.body.execution.id);
      if (execution?.status === 'completed') break;
      if (execution?.status === 'failed' || performance.now() - start > 30_000) throw new Error(`Benchmark execution ${execution?.status ?? 'missing'}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    times.push(performance.now() - start);
  }
  return `workflow execution 3 actions: ${Math.round(median(times))} ms`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(benchTriggerCheck());
