import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { CRAWL_DEFINITION_FILE, CRAWL_TASK_FUNCTION, crawlDefinitionSubstitutions } from '../crawl-definition.js';
import { stateMachineTasks, type FunctionName } from '../routes.js';
import { StateMachineAlarms } from './alarms.js';
import { AppFunction, applyUses, type FunctionResources, type StateMachineRef, type WorkflowSchedulerRef } from './app-function.js';
import { constructId } from './construct-id.js';
import { acknowledge } from './nag.js';
import { repoPath } from './repo-path.js';

export interface CrawlEngineProps {
  /** What the task function may use (lib/routes.ts `stateMachineTasks`). */
  readonly resources: Pick<FunctionResources, 'table' | 'documents' | 'providers'>;
}

/**
 * Readings of a website as distributed work (ARCHITECTURE.md section 4, docs/crawl-and-sync.md): the
 * state machine of workflows/crawl-site.asl.json and the `crawl-step` function its tasks invoke (begin,
 * plan a round, read a batch, finish, fail), the frontier kept in the table. EventBridge Scheduler
 * starts it for re-syncs. A reading may take hours (Standard workflow); none of its invocations bounds it.
 */
export class CrawlEngine extends Construct {
  readonly stateMachine: StateMachine;
  readonly taskFunction: AppFunction;
  /** Readings that failed (recorded on the assistant, then the execution fails) or ran out of time. */
  readonly alarms: StateMachineAlarms;
  /** What starts readings: the state machine. */
  readonly crawler: StateMachineRef;
  /** What EventBridge Scheduler starts re-syncs with: its role, and the state machine. */
  readonly scheduler: WorkflowSchedulerRef;

  constructor(scope: Construct, id: string, props: CrawlEngineProps) {
    super(scope, id);
    const entry = stateMachineTasks.find((t) => t.name === CRAWL_TASK_FUNCTION)!;
    const name = entry.name as FunctionName;
    const fn = new AppFunction(this, constructId(name), {
      name,
      timeout: Duration.seconds(entry.timeoutSeconds),
      memorySize: entry.memoryMb,
      description: `${name} (a task of the crawl state machine)`,
    });
    applyUses(fn, entry.uses, props.resources);
    this.taskFunction = fn;

    const role = new Role(this, 'StateMachineRole', {
      assumedBy: new ServicePrincipal('states.amazonaws.com'),
      description: 'Execution role of the crawl state machine',
    });
    role.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    const logs = new LogGroup(this, 'ExecutionLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.RETAIN });
    this.stateMachine = new StateMachine(this, 'CrawlSite', {
      definitionBody: DefinitionBody.fromFile(repoPath(CRAWL_DEFINITION_FILE)),
      definitionSubstitutions: crawlDefinitionSubstitutions(fn.functionArn),
      stateMachineType: StateMachineType.STANDARD,
      role,
      // Far beyond the reading's own time limit (CRAWL_MAX_MINUTES), which ends it with what it read.
      timeout: Duration.hours(12),
      tracingEnabled: true,
      // Every state's events, without their data (page addresses and texts are the owner's).
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    });
    this.crawler = this.stateMachine;
    this.alarms = new StateMachineAlarms(this, 'Alarms', this.stateMachine, 'crawl');

    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
      description: 'EventBridge Scheduler role of re-syncs: starts the crawl state machine',
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
