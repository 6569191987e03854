import { spawnSync } from 'node:child_process';
import { AssetHashType, Duration, RemovalPolicy, Stack, Tags } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, LoggingFormat, Runtime, Tracing, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { resourceEnv } from '../../functions/core/runtime/env.js';
import { type FunctionName, type Resource, DEFAULT_TIMEOUT_SECONDS } from '../routes.js';
import { CRAWL_SCHEDULE_PREFIX } from '../crawl-definition.js';
import { baseEnvironment } from '../function-environment.js';
import { WORKFLOW_SCHEDULE_PREFIX } from '../workflow-definition.js';
import { FunctionAlarms } from './alarms.js';
import { cognitoIssuer } from './cognito-issuer.js';
import { constructId } from './construct-id.js';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';
import { repoPath } from './repo-path.js';

/** Tag carried by every function of the application (value: the function's name in lib/routes.ts). */
export const FUNCTION_NAME_TAG = 'app:function';

export { baseEnvironment };

export const DEFAULT_TIMEOUT = Duration.seconds(DEFAULT_TIMEOUT_SECONDS);
export const DEFAULT_MEMORY_MB = 512;

export type DataAccess = 'read' | 'readWrite';
export type BucketEnvName = (typeof resourceEnv)['avatars' | 'documents'][number];

export interface AppFunctionProps {
  /** Named function from lib/routes.ts; the code is `functions/<name>/handler.ts`, export `handler`. */
  readonly name: FunctionName;
  readonly timeout?: Duration;
  readonly memorySize?: number;
  readonly description?: string;
}

/**
 * A Lambda function with the project's defaults: Node.js 22 on arm64, ESM bundle with the AWS SDK
 * inside, source maps, JSON logs in a log group kept for a month, X-Ray active tracing, and a role that
 * starts with nothing but the right to write its own logs. The `use*` helpers add an environment
 * variable and the matching least-privilege grant together.
 */
export class AppFunction extends LambdaFunction {
  readonly appFunctionName: FunctionName;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Own role instead of the AWS managed AWSLambdaBasicExecutionRole: write access to this
    // function's log group only (no logs:CreateLogGroup on *).
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.name}`,
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      code: functionCode(props.name),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? DEFAULT_MEMORY_MB,
      timeout: props.timeout ?? DEFAULT_TIMEOUT,
      description: props.description ?? props.name,
      role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      environment: baseEnvironment(props.name),
      // X-Ray traces of every invocation (cold start, duration, errors) from the Lambda service itself;
      // the Powertools Tracer's SDK subsegments would cost 127 KB (aws-xray-sdk-core) in bundles near 1 MB.
      tracing: Tracing.ACTIVE,
    });
    this.appFunctionName = props.name;
    this.acknowledgeWildcard(
      '*',
      'sends its X-Ray trace segments (xray:PutTraceSegments, PutTelemetryRecords), which X-Ray grants on no narrower resource than *',
    );
    Tags.of(this).add(FUNCTION_NAME_TAG, props.name);
    new FunctionAlarms(scope, `${id}Alarms`, this, props.name);
    acknowledge(
      this,
      'AwsSolutions-L1',
      'Node.js 22 is the runtime the architecture pins (ARCHITECTURE.md section 3) and the one the bundles ' +
        'target; moving to a newer runtime is a deliberate, tested change, not an automatic one.',
    );
  }

  /** TABLE_NAME + read or read/write data access (items and indexes, no control plane). */
  useTable(table: ITable, mode: DataAccess): this {
    this.addEnvironment(envName('table'), table.tableName);
    if (mode === 'read') table.grantReadData(this);
    else table.grantReadWriteData(this);
    this.acknowledgeWildcard(
      `${table.tableArn}/index/*`,
      "queries the table's global secondary indexes, whose ARNs end in /index/<name>; the grant covers the indexes of this one table only",
    );
    return this;
  }

  /**
   * Bucket name in `envName` + object access. Functions hand out presigned URLs and read/write
   * objects, so the grant is object-level actions only (plus ListBucket so a missing key is a 404).
   */
  useBucket(bucket: IBucket, env: BucketEnvName, mode: DataAccess): this {
    this.addEnvironment(env, bucket.bucketName);
    const objectActions = mode === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];
    this.addToRolePolicy(new PolicyStatement({ actions: objectActions, resources: [bucket.arnForObjects('*')] }));
    this.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    this.acknowledgeWildcard(
      bucket.arnForObjects('*'),
      'object keys are created per tenant at run time (presigned uploads), so the grant names the objects of this one bucket',
    );
    return this;
  }

  /**
   * REALTIME_ENDPOINT (the https management endpoint `https://{apiId}.execute-api.{region}.amazonaws.com/{stage}`)
   * + execute-api:ManageConnections on that stage's `@connections` only.
   */
  useRealtime(realtime: RealtimeStageRef): this {
    this.addEnvironment(envName('realtime'), realtime.callbackUrl);
    const connections = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: realtime.apiId,
      resourceName: `${realtime.stageName}/*/@connections/*`,
    });
    this.addToRolePolicy(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] }));
    this.acknowledgeWildcard(
      connections,
      'posts to connections whose ids exist only at run time; the grant is limited to the @connections API of one stage of this WebSocket API',
    );
    return this;
  }

  /** USER_POOL_ID, USER_POOL_CLIENT_ID and TOKEN_ISSUER, to verify tokens. Needs no IAM grant. */
  useUserPool(pool: IUserPool, client: IUserPoolClient): this {
    const [poolIdEnv, clientIdEnv, issuerEnv] = resourceEnv.userPool;
    this.addEnvironment(poolIdEnv, pool.userPoolId);
    this.addEnvironment(clientIdEnv, client.userPoolClientId);
    this.addEnvironment(issuerEnv, cognitoIssuer(pool));
    return this;
  }

  /** PUBLIC_SITE_URL: `https://{distribution domain}` without a trailing slash. Needs no IAM grant. */
  useSite(url: string): this {
    this.addEnvironment(envName('site'), url);
    return this;
  }

  /** PROVIDER_SECRET_NAME + read access to that one secret (read once per cold start). */
  useProviderSecret(secret: ISecret): this {
    this.addEnvironment(envName('providers'), secret.secretName);
    secret.grantRead(this);
    return this;
  }

  /** STRIPE_SECRET_NAME + read access to the one secret holding the Stripe keys (read once per cold start). */
  useStripeSecret(secret: ISecret): this {
    this.addEnvironment(envName('stripe'), secret.secretName);
    secret.grantRead(this);
    return this;
  }

  /** MAIL_FROM + ses:SendEmail from that one identity. */
  useMail(mail: MailRef): this {
    this.addEnvironment(envName('mail'), mail.fromAddress);
    this.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [mail.identityArn] }));
    return this;
  }

  /**
   * ACCOUNT_USER_POOL_ID + the admin actions account settings take on a user of that one pool: update
   * attributes (the business name) and delete the user (account deletion).
   */
  useUserDirectory(pool: IUserPool): this {
    this.addEnvironment(envName('userDirectory'), pool.userPoolId);
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['cognito-idp:AdminUpdateUserAttributes', 'cognito-idp:AdminDeleteUser'], resources: [pool.userPoolArn] }),
    );
    return this;
  }

  /**
   * CHANNEL_KEY_SECRET_NAME + read access to the one secret the channel credentials' key comes from, and
   * GRAPH_API_URL, Meta's Graph API the channel functions call.
   */
  useChannelCredentials(channels: ChannelCredentialsRef): this {
    const [secretEnv, graphEnv] = resourceEnv.channelCredentials;
    this.addEnvironment(secretEnv, channels.keySecret.secretName);
    this.addEnvironment(graphEnv, channels.graphApiUrl);
    channels.keySecret.grantRead(this);
    return this;
  }

  /** VISITOR_SECRET_NAME + read access to the one secret that signs visitor tokens (read once per cold start). */
  useVisitorTokenSecret(secret: SecretRef): this {
    this.addEnvironment(envName('visitorTokens'), secret.secretName);
    secret.grantRead(this);
    return this;
  }

  /** CRAWL_STATE_MACHINE_ARN + states:StartExecution on the crawl state machine (readings of a website). */
  useCrawler(crawler: StateMachineRef): this {
    this.addEnvironment(envName('crawler'), crawler.stateMachineArn);
    this.addToRolePolicy(new PolicyStatement({ actions: ['states:StartExecution'], resources: [crawler.stateMachineArn] }));
    return this;
  }

  /**
   * CHANNEL_PROCESSOR_FUNCTION_NAME + lambda:InvokeFunction on process-channel-webhook. The caller invokes
   * it by name, unqualified, so the grant names the function's ARN only: unlike `grantInvoke`, which adds
   * `<arn>:*` (every version and alias), it needs no wildcard.
   */
  useChannelProcessor(processor: FunctionRef): this {
    return this.useAsyncFunction('channelProcessor', processor);
  }

  private useAsyncFunction(resource: 'channelProcessor', fn: FunctionRef): this {
    this.addEnvironment(envName(resource), fn.functionName);
    this.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    return this;
  }

  /** WORKFLOW_STATE_MACHINE_ARN + states:StartExecution on that one state machine. */
  useWorkflowRunner(runner: StateMachineRef): this {
    this.addEnvironment(envName('workflowRunner'), runner.stateMachineArn);
    this.addToRolePolicy(new PolicyStatement({ actions: ['states:StartExecution'], resources: [runner.stateMachineArn] }));
    return this;
  }

  /**
   * WORKFLOW_SCHEDULER_ROLE_ARN and WORKFLOW_SCHEDULE_TARGET_ARN + managing the schedules of workflows
   * (names `workflow-*` in the default group) and passing the scheduler role to EventBridge Scheduler only.
   */
  useWorkflowScheduler(scheduler: WorkflowSchedulerRef): this {
    return this.useSchedules(resourceEnv.workflowScheduler, scheduler, WORKFLOW_SCHEDULE_PREFIX, 'workflows, one per workflow id');
  }

  /**
   * CRAWL_SCHEDULER_ROLE_ARN and CRAWL_SCHEDULE_TARGET_ARN + managing the re-sync schedules of
   * assistants (names `crawl-sync-*` in the default group) and passing their role to EventBridge Scheduler only.
   */
  useCrawlScheduler(scheduler: WorkflowSchedulerRef): this {
    return this.useSchedules(resourceEnv.crawlScheduler, scheduler, CRAWL_SCHEDULE_PREFIX, 're-syncs of websites, one per assistant id');
  }

  private useSchedules(env: readonly [string, string], scheduler: WorkflowSchedulerRef, prefix: string, what: string): this {
    const [roleEnv, targetEnv] = env;
    this.addEnvironment(roleEnv, scheduler.roleArn);
    this.addEnvironment(targetEnv, scheduler.targetArn);
    const schedules = Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `default/${prefix}*` });
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'], resources: [schedules] }),
    );
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [scheduler.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    this.acknowledgeWildcard(schedules, `manages the schedules of ${what} known only at run time; the grant names this application's schedule prefix in the default group`);
    return this;
  }

  /** Acknowledges one wildcard resource this function's role needs, on the role, with the reason. */
  private acknowledgeWildcard(resourceArn: string, why: string): void {
    acknowledgeWildcardResource(this.role ?? this, resourceArn, `${this.appFunctionName} ${why}.`);
  }
}

/**
 * The function's asset: lib/bundle-function.ts bundles its handler and side entries with esbuild's API
 * (the options and plugin of lib/bundling.ts, which esbuild's command line, all NodejsFunction offers,
 * cannot take). The asset hash is the bundle's, as with NodejsFunction; where bundling is skipped
 * (context `aws:cdk:bundling-stacks`), CDK neither runs it nor hashes the repository.
 */
function functionCode(name: FunctionName): Code {
  const script = ['tsx', 'lib/bundle-function.ts', name];
  return Code.fromAsset(repoPath(), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      local: {
        tryBundle(outputDir: string) {
          const run = spawnSync('npx', [...script, outputDir], { cwd: repoPath(), stdio: 'inherit' });
          if (run.status !== 0) throw new Error(`Bundling ${name} failed (npx ${script.join(' ')} ${outputDir})`);
          return true;
        },
      },
      // Only used where local bundling cannot run at all: the same script in the runtime's build image.
      image: Runtime.NODEJS_22_X.bundlingImage,
      command: ['bash', '-c', `cd /asset-input && npx ${script.join(' ')} /asset-output`],
    },
  });
}

/** A function other functions invoke by name; all they need of it. */
export type FunctionRef = Pick<IFunction, 'functionName' | 'functionArn'>;

/** The schedules of time-based workflows: the role they start the state machine with, and that state machine. */
export interface WorkflowSchedulerRef {
  readonly roleArn: string;
  readonly targetArn: string;
}

/** The workflow state machine, as the functions that start executions know it. */
export interface StateMachineRef {
  readonly stateMachineArn: string;
}

/** A secret functions read by name; all they need of it. */
export type SecretRef = Pick<ISecret, 'secretName' | 'secretArn' | 'grantRead'>;

/** What the messaging channel functions need: the credentials key's secret and Meta's Graph API. */
export interface ChannelCredentialsRef {
  readonly keySecret: SecretRef;
  /** Base URL with the API version, e.g. https://graph.facebook.com/v21.0 (lib/config.ts). */
  readonly graphApiUrl: string;
}

/** The SES identity functions send e-mail from. */
export interface MailRef {
  /** The address, also the identity's name. */
  readonly fromAddress: string;
  readonly identityArn: string;
}

/** The WebSocket stage whose connections a function may post to. */
export interface RealtimeStageRef {
  readonly apiId: string;
  readonly stageName: string;
  /** `https://{apiId}.execute-api.{region}.amazonaws.com/{stage}`, the `@connections` endpoint. */
  readonly callbackUrl: string;
}

/** What the constructs can hand to a function; a function receives what its `uses` names. */
export interface FunctionResources {
  readonly table?: ITable;
  readonly avatars?: IBucket;
  readonly documents?: IBucket;
  readonly realtime?: RealtimeStageRef;
  readonly userPool?: { readonly pool: IUserPool; readonly client: IUserPoolClient };
  /** Public origin of the site, `https://{distribution domain}` (no trailing slash). */
  readonly site?: string;
  /** The crawl state machine (lib/constructs/crawl-engine.ts): readings of a website are started on it. */
  readonly crawler?: StateMachineRef;
  /** EventBridge Scheduler's role and target for re-syncs (lib/constructs/crawl-engine.ts). */
  readonly crawlScheduler?: WorkflowSchedulerRef;
  /** process-channel-webhook, invoked asynchronously by the channel webhook (lib/routes.ts `asyncFunctions`). */
  readonly channelProcessor?: FunctionRef;
  /** Secrets Manager secret with the AI provider keys (created by ops; see lib/config.ts). */
  readonly providers?: ISecret;
  /** Secrets Manager secret with the key that signs visitor tokens (generated by the stack). */
  readonly visitorTokens?: SecretRef;
  /** Secrets Manager secret with the Stripe keys (created by ops; see lib/config.ts). */
  readonly stripe?: ISecret;
  /** SES identity that sends the application's e-mail. */
  readonly mail?: MailRef;
  /** The user pool, for the admin actions of account settings (not for Cognito triggers: circular). */
  readonly userDirectory?: IUserPool;
  /** The workflow state machine (lib/constructs/workflow-engine.ts). */
  readonly workflowRunner?: StateMachineRef;
  /** EventBridge Scheduler's role and target for time-based workflows (lib/constructs/workflow-engine.ts). */
  readonly workflowScheduler?: WorkflowSchedulerRef;
  /** The key that seals channel credentials (generated by the stack) and the Graph API's address. */
  readonly channelCredentials?: ChannelCredentialsRef;
}

/** What a route table entry says about its function. */
export interface FunctionEntry {
  readonly name: string;
  readonly uses: readonly Resource[];
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
}

/**
 * One function per name among the entries. Several entries may name the same function (two routes, or
 * a route and an authorizer): it gets every resource any of them uses, and the largest timeout and
 * memory any of them asks for.
 */
export function functionsByName(scope: Construct, entries: readonly FunctionEntry[], resources: FunctionResources): Map<FunctionName, AppFunction> {
  const functions = new Map<FunctionName, AppFunction>();
  for (const name of new Set(entries.map((e) => e.name as FunctionName))) {
    const named = entries.filter((e) => e.name === name);
    const timeouts = named.flatMap((e) => (e.timeoutSeconds ? [e.timeoutSeconds] : []));
    const memories = named.flatMap((e) => (e.memoryMb ? [e.memoryMb] : []));
    const fn = new AppFunction(scope, constructId(name), {
      name,
      timeout: timeouts.length > 0 ? Duration.seconds(Math.max(...timeouts)) : undefined,
      memorySize: memories.length > 0 ? Math.max(...memories) : undefined,
    });
    functions.set(name, applyUses(fn, [...new Set(named.flatMap((e) => e.uses))], resources));
  }
  return functions;
}

/**
 * Turns a route table `uses` list into environment variables and grants, so each function gets
 * exactly the resources lib/routes.ts says it touches and nothing else. The route table names a
 * resource, not an access mode, so data resources are granted read/write (never admin or delete
 * of the resource itself).
 */
export function applyUses(fn: AppFunction, uses: readonly Resource[], resources: FunctionResources): AppFunction {
  for (const use of uses) {
    switch (use) {
      case 'table':
        fn.useTable(required(fn, use, resources.table), 'readWrite');
        break;
      case 'avatars':
        fn.useBucket(required(fn, use, resources.avatars), envName('avatars'), 'readWrite');
        break;
      case 'documents':
        fn.useBucket(required(fn, use, resources.documents), envName('documents'), 'readWrite');
        break;
      case 'realtime':
        fn.useRealtime(required(fn, use, resources.realtime));
        break;
      case 'userPool': {
        const { pool, client } = required(fn, use, resources.userPool);
        fn.useUserPool(pool, client);
        break;
      }
      case 'site':
        fn.useSite(required(fn, use, resources.site));
        break;
      case 'crawler':
        fn.useCrawler(required(fn, use, resources.crawler));
        break;
      case 'providers':
        fn.useProviderSecret(required(fn, use, resources.providers));
        break;
      case 'visitorTokens':
        fn.useVisitorTokenSecret(required(fn, use, resources.visitorTokens));
        break;
      case 'stripe':
        fn.useStripeSecret(required(fn, use, resources.stripe));
        break;
      case 'mail':
        fn.useMail(required(fn, use, resources.mail));
        break;
      case 'userDirectory':
        fn.useUserDirectory(required(fn, use, resources.userDirectory));
        break;
      case 'workflowRunner':
        fn.useWorkflowRunner(required(fn, use, resources.workflowRunner));
        break;
      case 'channelProcessor':
        fn.useChannelProcessor(required(fn, use, resources.channelProcessor));
        break;
      case 'workflowScheduler':
        fn.useWorkflowScheduler(required(fn, use, resources.workflowScheduler));
        break;
      case 'crawlScheduler':
        fn.useCrawlScheduler(required(fn, use, resources.crawlScheduler));
        break;
      case 'channelCredentials':
        fn.useChannelCredentials(required(fn, use, resources.channelCredentials));
        break;
      default: {
        // A resource added to lib/routes.ts without a case here fails to compile.
        const unhandled: never = use;
        throw new Error(`Function ${fn.appFunctionName} uses unknown resource '${String(unhandled)}'`);
      }
    }
  }
  return fn;
}

function envName<R extends Exclude<Resource, 'userPool' | 'workflowScheduler' | 'crawlScheduler' | 'channelCredentials'>>(resource: R): (typeof resourceEnv)[R][0] {
  return resourceEnv[resource][0];
}

function required<T>(fn: AppFunction, use: Resource, value: T | undefined): T {
  if (value === undefined) {
    throw new Error(
      `Function ${fn.appFunctionName} uses '${use}' (lib/routes.ts), but its construct was not given that resource` +
        (use === 'userPool' ? ' (a Cognito trigger cannot use its own user pool: that would be a circular dependency)' : '') +
        (use === 'channelProcessor' ? ' (only functions created after the async functions, such as the HTTP routes, can invoke them)' : ''),
    );
  }
  return value;
}
