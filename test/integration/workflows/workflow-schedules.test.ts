import { GetScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WorkflowExecution } from '../../../functions/contracts/workflows.js';
import { localCredentials, LOCAL_REGION } from '../../../local/local-aws.js';
import { startFixtureSite, type FixtureSite } from '../../../local/sample-site.js';
import { signUpAndSignIn, uniqueEmail } from '../../support/accounts.js';
import { apiClient, type ApiClient } from '../../support/api-client.js';
import { assistantFromFixtureSite } from '../../support/fixture-assistant.js';
import { withRuntimeEnv } from '../../support/runtime-env.js';
import { mailTo } from '../../support/sent-mail.js';

/** Time-based workflows: a schedule on (local) EventBridge Scheduler per active workflow, starting the state machine. */
const { apiUrl, config, env } = inject('runtime');
const schedulerUrl = env.AWS_ENDPOINT_URL_SCHEDULER!;
const aws = { region: LOCAL_REGION, credentials: localCredentials };
const scheduler = new SchedulerClient({ ...aws, endpoint: schedulerUrl });
const sfn = new SFNClient({ ...aws, endpoint: env.AWS_ENDPOINT_URL_SFN! });

const scheduleOf = async (workflowId: string) => {
  try {
    return await scheduler.send(new GetScheduleCommand({ Name: `workflow-${workflowId}` }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
};

describe('time-based workflows on EventBridge Scheduler', () => {
  let site: FixtureSite;
  let owner: ApiClient;
  let chatbotId: string;
  const executionsOf = async (workflowId: string) =>
    ((await owner.get(`/chatbots/${chatbotId}/workflow-executions`)).body.executions as WorkflowExecution[]).filter((e) => e.workflow_id === workflowId);

  beforeAll(async () => {
    ({ site, owner, chatbotId } = await assistantFromFixtureSite(apiUrl, config, 2));
  });
  afterAll(async () => {
    await site?.stop();
    scheduler.destroy();
    sfn.destroy();
  });

  it('keeps one schedule per active time-based workflow, in its time zone, that runs the workflow', async () => {
    const team = uniqueEmail('daily');
    const workflow = {
      name: 'Daily digest',
      trigger_type: 'time_based',
      trigger_conditions: { schedule: { repeat: 'daily', time: '09:30', timezone: 'Europe/London' } },
      actions: [{ type: 'send_email', config: { to: team, subject: 'Good morning from {{business_name}}', message: 'Daily digest' } }],
    };
    const created = await owner.post(`/chatbots/${chatbotId}/workflows`, workflow);
    expect(created.status).toBe(201);
    const id = created.body.workflow.id as string;

    const schedule = await scheduleOf(id);
    expect(schedule).toMatchObject({
      ScheduleExpression: 'cron(30 9 * * ? *)',
      ScheduleExpressionTimezone: 'Europe/London',
      State: 'ENABLED',
      Target: { Arn: env.WORKFLOW_SCHEDULE_TARGET_ARN },
    });
    expect(JSON.parse(schedule!.Target!.Input!)).toEqual({ scheduled: { chatbot_id: chatbotId, workflow_id: id } });

    // The schedule's time comes: the stand-in runs it now, as Scheduler would at 09:30 London time.
    expect((await fetch(`${schedulerUrl}/local/schedules/workflow-${id}/run`, { method: 'POST' })).status).toBe(200);
    const deadline = Date.now() + 60_000;
    let executions = await executionsOf(id);
    while (!executions.some((e) => e.status !== 'running') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      executions = await executionsOf(id);
    }
    const businessName = (await owner.get(`/chatbots/${chatbotId}`)).body.chatbot.business_name as string;
    expect(businessName).not.toBe('');
    expect(executions).toHaveLength(1);
    expect(executions[0]).toMatchObject({
      status: 'completed',
      actions_executed: 1,
      trigger_data: { source: 'time_based', matched: 'daily at 09:30 (Europe/London)', business_name: businessName },
    });
    expect((await mailTo(env.AWS_ENDPOINT_URL_SESV2!, team)).map((m) => m.subject)).toEqual([`Good morning from ${businessName}`]);

    const weekly = await owner.put(`/chatbots/${chatbotId}/workflows/${id}`, {
      ...workflow,
      trigger_conditions: { schedule: { repeat: 'weekly', days: ['mon', 'fri'], time: '18:05', timezone: 'America/New_York' } },
    });
    expect(weekly.status).toBe(200);
    expect(await scheduleOf(id)).toMatchObject({ ScheduleExpression: 'cron(5 18 ? * MON,FRI *)', ScheduleExpressionTimezone: 'America/New_York' });

    await owner.put(`/chatbots/${chatbotId}/workflows/${id}/active`, { is_active: false });
    expect(await scheduleOf(id)).toBeUndefined();
    await owner.put(`/chatbots/${chatbotId}/workflows/${id}/active`, { is_active: true });
    expect(await scheduleOf(id)).toMatchObject({ ScheduleExpression: 'cron(5 18 ? * MON,FRI *)' });

    await owner.put(`/chatbots/${chatbotId}/workflows/${id}`, {
      ...workflow,
      trigger_conditions: { schedule: { repeat: 'once', date: '2027-01-04', time: '08:00', timezone: 'Asia/Tokyo' } },
    });
    expect(await scheduleOf(id)).toMatchObject({ ScheduleExpression: 'at(2027-01-04T08:00:00)', ScheduleExpressionTimezone: 'Asia/Tokyo' });

    await owner.put(`/chatbots/${chatbotId}/workflows/${id}`, { ...workflow, trigger_type: 'keyword', trigger_conditions: { keywords: 'digest' } });
    expect(await scheduleOf(id)).toBeUndefined();
  });

  it('deleting the workflow deletes its schedule; a run that was already due starts nothing', async () => {
    const created = await owner.post(`/chatbots/${chatbotId}/workflows`, {
      name: 'Weekly report',
      trigger_type: 'time_based',
      trigger_conditions: { schedule: { repeat: 'weekly', days: ['mon'], time: '07:00', timezone: 'UTC' } },
      actions: [{ type: 'create_task', config: { title: 'Weekly report' } }],
    });
    const id = created.body.workflow.id as string;
    expect(await scheduleOf(id)).toBeDefined();
    expect((await owner.delete(`/chatbots/${chatbotId}/workflows/${id}`)).status).toBe(200);
    expect(await scheduleOf(id)).toBeUndefined();

    // What Scheduler sends the state machine, after the workflow is gone: the first task finds nothing to run.
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn: env.WORKFLOW_SCHEDULE_TARGET_ARN, input: JSON.stringify({ scheduled: { chatbot_id: chatbotId, workflow_id: id } }) }),
    );
    let status = 'RUNNING';
    for (const deadline = Date.now() + 30_000; status === 'RUNNING' && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status ?? 'RUNNING';
    }
    expect(status).toBe('SUCCEEDED');
    expect(await executionsOf(id)).toEqual([]);
  });

  /** A new owner (a free account has one assistant) with an assistant and two scheduled workflows. */
  async function otherOwnerWithSchedules() {
    const otherSite = await startFixtureSite({ pages: 1, hangingPage: false });
    const user = await signUpAndSignIn(config);
    const otherOwner = apiClient(apiUrl, user.idToken);
    const created = await otherOwner.post('/chatbots', { websiteUrl: otherSite.url });
    await otherSite.stop();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const other = created.body.chatbot.id as string;
    const make = async (name: string, schedule: Record<string, unknown>) =>
      (
        await otherOwner.post(`/chatbots/${other}/workflows`, {
          name,
          trigger_type: 'time_based',
          trigger_conditions: { schedule },
          actions: [{ type: 'create_task', config: { title: name } }],
        })
      ).body.workflow.id as string;
    const ids = [
      await make('Morning', { repeat: 'daily', time: '08:00', timezone: 'UTC' }),
      await make('Mondays', { repeat: 'weekly', days: ['mon'], time: '07:00', timezone: 'Europe/Paris' }),
    ];
    for (const id of ids) expect(await scheduleOf(id)).toBeDefined();
    return { user, otherOwner, other, ids };
  }

  /** A workflow of the shared owner's assistant, whose schedule must outlive another owner's deletions. */
  const keptWorkflow = async () =>
    (
      await owner.post(`/chatbots/${chatbotId}/workflows`, {
        name: 'Kept',
        trigger_type: 'time_based',
        trigger_conditions: { schedule: { repeat: 'daily', time: '10:00', timezone: 'UTC' } },
        actions: [{ type: 'create_task', config: { title: 'Kept' } }],
      })
    ).body.workflow.id as string;

  it("deleting the assistant deletes its workflows' schedules, its workflows, their history and the tags they gave", async () => {
    const { otherOwner, other, ids } = await otherOwnerWithSchedules();
    const kept = await keptWorkflow();
    expect((await otherOwner.post(`/chatbots/${other}/workflows/${ids[0]}/test`)).status).toBe(202);
    // A contact a workflow tagged (their conversation is not needed for the tag to stay).
    await withRuntimeEnv(env, async () => {
      const { tagContact } = await import('../../../functions/core/inbox/contact-tags.js');
      await tagContact(other, 'visitor-1', ['lead'], new Date());
    });

    expect((await otherOwner.delete(`/chatbots/${other}`)).status).toBe(200);
    for (const id of ids) expect(await scheduleOf(id)).toBeUndefined();
    expect(await scheduleOf(kept)).toBeDefined();
    const left = await withRuntimeEnv(env, async () => {
      const { db } = await import('../../../functions/core/data/db.js');
      const [workflows, executions, tags] = await Promise.all([
        db().entities.workflow.query.byChatbot({ chatbot_id: other }).go(),
        db().entities.workflowExecution.query.byChatbot({ chatbot_id: other }).go(),
        db().entities.contactTags.get({ chatbot_id: other, contact_id: 'visitor-1' }).go(),
      ]);
      return [...workflows.data, ...executions.data, ...(tags.data ? [tags.data] : [])];
    });
    expect(left).toEqual([]);
  });

  it("deleting the account deletes the schedules of its assistants' time-based workflows", async () => {
    const { user, otherOwner, ids } = await otherOwnerWithSchedules();
    const kept = await keptWorkflow();

    expect((await otherOwner.delete('/account', { confirm_email: user.email })).status).toBe(200);
    // Left behind, a schedule would start the state machine for a workflow nobody owns, every day for ever.
    for (const id of ids) expect(await scheduleOf(id)).toBeUndefined();
    expect(await scheduleOf(kept)).toBeDefined();
  });
});
