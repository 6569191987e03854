import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { AppConfig } from './config.js';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { FunctionResources } from './constructs/app-function.js';
import { AsyncFunctions } from './constructs/async-functions.js';
import { Auth } from './constructs/auth.js';
import { constructId } from './constructs/construct-id.js';
import { Data } from './constructs/data.js';
import { MessageCounting } from './constructs/message-counting.js';
import { DomainStack } from './constructs/domain-stack.js';
import { AppHttpApi } from './constructs/http-api.js';
import { RealtimeApi } from './constructs/realtime-api.js';
import type { SharedResources } from './constructs/shared-imports.js';
import { SiteDeployment } from './constructs/site-deployment.js';
import { Storage } from './constructs/storage.js';
import { WebHosting } from './constructs/web-hosting.js';
import { visitorTokenSecret } from './constructs/visitor-token-secret.js';
import { WorkflowEngine } from './constructs/workflow-engine.js';
import { CrawlEngine } from './constructs/crawl-engine.js';
import { channelCredentialsKey } from './constructs/channel-credentials-key.js';
import { domains, type Domain } from './routes.js';

export interface AppStackProps extends StackProps {
  readonly config: AppConfig;
  /** Folder with the React build. @default dist/site under the repository root */
  readonly siteAssetPath?: string;
}

/**
 * The whole application: the shared resources (table, buckets, user pool, both APIs, the site), one
 * nested stack per domain of lib/routes.ts holding that domain's functions and routes, and what
 * clients need. Order follows the references, so there is no cycle: the distribution depends only on
 * buckets; functions get its URL; the async functions come before the functions that invoke them; the
 * domain stacks receive the shared resources and give nothing back; the site files (with /config.json
 * naming the APIs) are deployed last.
 */
export class AppStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly web: WebHosting;
  readonly asyncFunctions: AsyncFunctions;
  readonly messageCounting: MessageCounting;
  readonly workflowEngine: WorkflowEngine;
  readonly crawlEngine: CrawlEngine;
  readonly realtime: RealtimeApi;
  readonly httpApi: AppHttpApi;
  /** One nested stack per domain of lib/routes.ts. */
  readonly domains: ReadonlyMap<Domain, DomainStack>;
  readonly siteDeployment: SiteDeployment;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.data = new Data(this, 'Data');
    this.storage = new Storage(this, 'Storage', { allowedOrigins: config.allowedOrigins });
    this.web = new WebHosting(this, 'Web', {
      productName: config.productName,
      accessLogsBucket: this.storage.accessLogsBucket,
      avatarsBucket: this.storage.avatarsBucket,
    });
    const baseResources = {
      table: this.data.table,
      avatars: this.storage.avatarsBucket,
      documents: this.storage.documentsBucket,
      site: this.web.url,
      providers: Secret.fromSecretNameV2(this, 'ProviderSecret', config.providerSecretName),
      visitorTokens: visitorTokenSecret(this, 'VisitorTokenSecret'),
      channelCredentials: { keySecret: channelCredentialsKey(this, 'ChannelCredentialsKey'), graphApiUrl: config.graphApiUrl },
      stripe: Secret.fromSecretNameV2(this, 'StripeSecret', config.stripeSecretName),
      mail: {
        fromAddress: config.mailFrom,
        identityArn: new EmailIdentity(this, 'MailIdentity', { identity: Identity.email(config.mailFrom) }).emailIdentityArn,
      },
    } satisfies FunctionResources;

    // Before the async functions and the workflow engine: process-channel-webhook announces new messages
    // to open inboxes, a workflow's send_message reaches the visitor's open widget.
    this.realtime = new RealtimeApi(this, 'Realtime');
    // Before the async functions: a channel customer's message can trigger workflows (process-channel-webhook).
    this.workflowEngine = new WorkflowEngine(this, 'WorkflowEngine', { resources: { ...baseResources, realtime: this.realtime.stageRef } });
    this.asyncFunctions = new AsyncFunctions(this, 'Async', {
      resources: { ...baseResources, realtime: this.realtime.stageRef, workflowRunner: this.workflowEngine.stateMachine },
    });
    this.messageCounting = new MessageCounting(this, 'MessageCounting', { table: this.data.table });
    this.crawlEngine = new CrawlEngine(this, 'CrawlEngine', { resources: baseResources });
    const resources = {
      ...baseResources,
      crawler: this.crawlEngine.crawler,
      crawlScheduler: this.crawlEngine.scheduler,
      channelProcessor: this.asyncFunctions.channelProcessor,
      knowledgeIndexer: this.asyncFunctions.knowledgeIndexer,
      workflowRunner: this.workflowEngine.stateMachine,
      workflowScheduler: this.workflowEngine.scheduler,
    } satisfies FunctionResources;

    this.auth = new Auth(this, 'Auth', { triggerResources: resources });
    const identity = { userPool: this.auth.userPool, userPoolClient: this.auth.userPoolClient };

    this.httpApi = new AppHttpApi(this, 'Http', { ...identity, allowedOrigins: config.allowedOrigins, resources });

    const shared = {
      ...resources,
      realtime: this.realtime.stageRef,
      userPool: { pool: this.auth.userPool, client: this.auth.userPoolClient },
      userDirectory: this.auth.userPool,
      httpApi: this.httpApi.api,
      jwtAuthorizer: this.httpApi.jwtAuthorizer,
    } satisfies SharedResources;
    this.domains = new Map(
      (Object.keys(domains) as Domain[]).map((domain) => {
        const stack = new DomainStack(this, constructId(domain), { domain, shared });
        this.httpApi.waitForRoutesOf(stack);
        return [domain, stack];
      }),
    );
    this.siteDeployment = new SiteDeployment(this, 'Site', {
      ...identity,
      siteBucket: this.web.siteBucket,
      distribution: this.web.distribution,
      productName: config.productName,
      apiUrl: this.httpApi.url,
      realtimeUrl: this.realtime.url,
      siteAssetPath: props.siteAssetPath,
    });

    const outputs: Record<string, [value: string, description: string]> = {
      ApiUrl: [this.httpApi.url, 'HTTP API base URL'],
      RealtimeUrl: [this.realtime.url, 'WebSocket URL (wss)'],
      SiteUrl: [this.web.url, 'Dashboard URL (also serves /avatars/*)'],
      UserPoolId: [this.auth.userPool.userPoolId, 'Cognito user pool id'],
      UserPoolClientId: [this.auth.userPoolClient.userPoolClientId, 'Cognito app client id of the dashboard'],
      TableName: [this.data.table.tableName, 'DynamoDB table'],
      AvatarsBucket: [this.storage.avatarsBucket.bucketName, 'Bucket of avatars'],
      DocumentsBucket: [this.storage.documentsBucket.bucketName, 'Bucket of knowledge documents'],
      CrawlStateMachineArn: [this.crawlEngine.stateMachine.stateMachineArn, 'State machine that reads websites (crawls and re-syncs)'],
      AsyncFailuresQueueUrl: [this.asyncFunctions.failures.queueUrl, 'Failed async invocations (channel messages), kept 14 days'],
      StreamFailuresQueueUrl: [this.messageCounting.failures.queueUrl, 'Table stream records the analytics counting gave up, kept 14 days'],
    };
    for (const [key, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, key, { key, value, description });
    }
  }
}
