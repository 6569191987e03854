import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath } from '../../lib/constructs/repo-path.js';
import { asyncFunctions, httpRoutes } from '../../lib/routes.js';
import { WORKFLOW_DEFINITION_FILE, WORKFLOW_TASK_FUNCTION } from '../../lib/workflow-definition.js';
import { actionsOf, environmentOf, functionId, logicalIdOf, resourcesOfType, roleStatements, synthStack } from './app-template.js';

const { app, template, stack } = synthStack();
const stateMachineId = logicalIdOf(stack.workflowEngine.stateMachine);
const taskFunctionId = functionId(template, WORKFLOW_TASK_FUNCTION);
const stateMachine = resourcesOfType(template, 'AWS::StepFunctions::StateMachine')[stateMachineId]!.Properties!;
const stateMachineArn = { Ref: stateMachineId };
const taskFunctionArn = { 'Fn::GetAtt': [taskFunctionId, 'Arn'] };

/** Statements of an IAM role's inline policies, by the role's logical id. */
function statementsOfRole(roleId: string) {
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
    .filter((p) => ((p.Properties?.Roles ?? []) as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
}

describe('workflow state machine', () => {
  it('is a Standard state machine defined by workflows/run-workflow.asl.json with the task function substituted (the other one reads websites)', () => {
    expect(Object.keys(resourcesOfType(template, 'AWS::StepFunctions::StateMachine')).sort()).toEqual(
      [stateMachineId, logicalIdOf(stack.crawlEngine.stateMachine)].sort(),
    );
    expect(stateMachine.StateMachineType).toBe('STANDARD');
    // DefinitionBody.fromFile: the file itself is the asset CloudFormation reads, placeholders and all.
    const { Key } = stateMachine.DefinitionS3Location as { Key: string };
    const asset = readFileSync(path.join(app.synth().directory, `asset.${Key}`), 'utf8');
    expect(asset).toBe(readFileSync(repoPath(WORKFLOW_DEFINITION_FILE), 'utf8'));
    expect(asset).toContain('"FunctionName": "${RunWorkflowActionArn}"');
    expect(stateMachine.DefinitionSubstitutions).toEqual({ RunWorkflowActionArn: taskFunctionArn });
  });

  it('may invoke the task function and no other', () => {
    const roleId = (stateMachine.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const invokes = statementsOfRole(roleId).filter((s) => actionsOf([s]).some((a) => a.startsWith('lambda:')));
    expect(invokes).toEqual([expect.objectContaining({ Action: 'lambda:InvokeFunction', Resource: taskFunctionArn })]);
  });

  it('logs every state without execution data (trigger data names customers) and is traced', () => {
    expect(stateMachine.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: false });
    expect(stateMachine.TracingConfiguration).toEqual({ Enabled: true });
  });
});

describe('who starts executions', () => {
  // Routes, and process-channel-webhook (a channel customer's message triggers workflows).
  const starters = [...httpRoutes, ...asyncFunctions].filter((r) => (r.uses as readonly string[]).includes('workflowRunner')).map((r) => r.name);
  it('includes the channel processor', () => expect(starters).toContain('process-channel-webhook'));

  it.each(starters)('%s knows the state machine and may start executions of it only', (name) => {
    const id = functionId(template, name);
    expect(environmentOf(template, id).WORKFLOW_STATE_MACHINE_ARN).toEqual(stateMachineArn);
    const starts = roleStatements(template, id).filter((s) => actionsOf([s]).some((a) => a.startsWith('states:')));
    expect(starts).toEqual([expect.objectContaining({ Action: 'states:StartExecution', Resource: stateMachineArn })]);
  });

  it('no other function may start or stop executions (but those that start readings of a website, on the crawl state machine)', () => {
    const functionIds = Object.keys(resourcesOfType(template, 'AWS::Lambda::Function'));
    const crawlStarters = httpRoutes.filter((r) => (r.uses as readonly string[]).includes('crawler')).map((r) => r.name);
    const others = functionIds.filter((id) => ![...starters, ...crawlStarters].some((name) => functionId(template, name) === id));
    for (const id of others) {
      if (!template.toJSON().Resources[id].Properties.Role) continue;
      expect(actionsOf(roleStatements(template, id)).filter((a) => a.startsWith('states:')), id).toEqual([]);
    }
  });
});

describe('run-workflow-action', () => {
  it('sends e-mail from the app identity, texts from the account numbers, uses the table, and invokes nothing', () => {
    const actions = actionsOf(roleStatements(template, taskFunctionId));
    expect(actions).toEqual(expect.arrayContaining(['ses:SendEmail', 'sms-voice:SendTextMessage']));
    expect(actions.filter((a) => a.startsWith('lambda:') || a.startsWith('states:'))).toEqual([]);
    expect(Object.keys(environmentOf(template, taskFunctionId))).toEqual(expect.arrayContaining(['TABLE_NAME', 'MAIL_FROM']));
  });
});

describe('EventBridge Scheduler for time-based workflows', () => {
  const schedulerRoleId = logicalIdOf(stack.workflowEngine.node.findChild('SchedulerRole'));
  const managers = httpRoutes.filter((r) => (r.uses as readonly string[]).includes('workflowScheduler')).map((r) => r.name);

  it('has a role only Scheduler of this account assumes, which may start the workflow state machine and nothing else', () => {
    const role = template.toJSON().Resources[schedulerRoleId].Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 'scheduler.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } } }),
    ]);
    expect(statementsOfRole(schedulerRoleId)).toEqual([expect.objectContaining({ Action: 'states:StartExecution', Resource: stateMachineArn })]);
  });

  it('is managed by the routes that write or delete workflows (also with their assistant or account), on workflow schedules only, passing that role to Scheduler only', () => {
    expect(managers.sort()).toEqual(['create-workflow', 'delete-account', 'delete-chatbot', 'delete-workflow', 'set-workflow-active', 'update-workflow']);
    for (const name of managers) {
      const id = functionId(template, name);
      const env = environmentOf(template, id);
      expect(env.WORKFLOW_SCHEDULE_TARGET_ARN).toEqual(stateMachineArn);
      expect(env.WORKFLOW_SCHEDULER_ROLE_ARN).toEqual({ 'Fn::GetAtt': [schedulerRoleId, 'Arn'] });
      const statements = roleStatements(template, id);
      const schedules = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('scheduler:')) && JSON.stringify(s.Resource).includes('workflow-'));
      expect(actionsOf(schedules).sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:UpdateSchedule']);
      expect(JSON.stringify(schedules.map((s) => s.Resource))).toContain(':schedule/default/workflow-*');
      const passRole = statements.filter((s) => actionsOf([s]).includes('iam:PassRole') && JSON.stringify(s.Resource).includes(schedulerRoleId));
      expect(passRole).toEqual([
        expect.objectContaining({
          Resource: { 'Fn::GetAtt': [schedulerRoleId, 'Arn'] },
          Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      ]);
    }
  });
});
