import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { stateMachineTasks, type FunctionName } from '../routes.js';
import { WORKFLOW_DEFINITION_FILE, WORKFLOW_TASK_FUNCTION, workflowDefinitionSubstitutions } from '../workflow-definition.js';
import { AppFunction, applyUses, type FunctionResources, type WorkflowSchedulerRef } from './app-function.js';
import { constructId } from './construct-id.js';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';
import { repoPath } from './repo-path.js';

export interface WorkflowEngineProps {
  /** What the task function may use (lib/routes.ts `stateMachineTasks`). */
  readonly resources: Omit<FunctionResources, 'crawler' | 'channelProcessor' | 'workflowRunner' | 'workflowScheduler'>;
}

/** Step Functions runs an execution for at most a year (Standard workflows); waits fit inside (contracts MAX_WAIT_SECONDS). */
const EXECUTION_TIMEOUT = Duration.days(365);

/**
 * Workflow automation's engine (ARCHITECTURE.md section 4): the state machine of
 * workflows/run-workflow.asl.json and the `run-workflow-action` function its tasks invoke. The state
 * machine may invoke that one function and nothing else; the function gets its `uses` plus sending texts.
 */
export class WorkflowEngine extends Construct {
  readonly stateMachine: StateMachine;
  readonly taskFunction: AppFunction;
  /** What EventBridge Scheduler starts time-based workflows with: its role, and the state machine. */
  readonly scheduler: WorkflowSchedulerRef;

  constructor(scope: Construct, id: string, props: WorkflowEngineProps) {
    super(scope, id);
    const entry = stateMachineTasks.find((t) => t.name === WORKFLOW_TASK_FUNCTION)!;
    const name = entry.name as FunctionName;
    const fn = new AppFunction(this, constructId(name), {
      name,
      timeout: Duration.seconds(entry.timeoutSeconds),
      memorySize: entry.memoryMb,
      description: `${name} (a task of the workflow state machine)`,
    });
    applyUses(fn, entry.uses, props.resources);
    // send_sms: AWS End User Messaging SMS from the owner's own number, one of the account's phone numbers.
    const phoneNumbers = Stack.of(this).formatArn({ service: 'sms-voice', resource: 'phone-number', resourceName: '*' });
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sms-voice:SendTextMessage'], resources: [phoneNumbers] }));
    acknowledgeWildcardResource(
      fn.role!,
      phoneNumbers,
      `${name} texts from the number the owner chose in the workflow (known only at run time); the grant names the account's phone numbers in this region only`,
    );
    this.taskFunction = fn;

    const role = new Role(this, 'StateMachineRole', {
      assumedBy: new ServicePrincipal('states.amazonaws.com'),
      description: 'Execution role of the workflow state machine',
    });
    // The definition calls the function by its unqualified ARN, so no `:*` (versions and aliases) is needed.
    role.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    const logs = new LogGroup(this, 'ExecutionLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.RETAIN });

    this.stateMachine = new StateMachine(this, 'RunWorkflow', {
      definitionBody: DefinitionBody.fromFile(repoPath(WORKFLOW_DEFINITION_FILE)),
      definitionSubstitutions: workflowDefinitionSubstitutions(fn.functionArn),
      stateMachineType: StateMachineType.STANDARD,
      role,
      timeout: EXECUTION_TIMEOUT,
      tracingEnabled: true,
      // Every state's events, without their data: trigger data names customers and their phone numbers.
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    });
    // Time-based workflows: EventBridge Scheduler starts executions of this state machine, and nothing else.
    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
      description: 'EventBridge Scheduler role of time-based workflows: starts the workflow state machine',
    });
    schedulerRole.addToPolicy(new PolicyStatement({ actions: ['states:StartExecution'], resources: [this.stateMachine.stateMachineArn] }));
    this.scheduler = { roleArn: schedulerRole.roleArn, targetArn: this.stateMachine.stateMachineArn };

    acknowledge(
      role,
      'AwsSolutions-IAM5[Resource::*]',
      'Step Functions delivers execution logs (logs:CreateLogDelivery, PutResourcePolicy, ...) and X-Ray traces ' +
        '(xray:PutTraceSegments, ...) only with Resource *, as the service documents; the role invokes one named function otherwise.',
    );
  }
}
