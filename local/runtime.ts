import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { RuntimeConfig } from '../functions/contracts/runtime-config.js';
import { ensureTable } from './bootstrap-table.js';
import { acquireDevLock } from './dev-lock.js';
import { ensureUserPool } from './bootstrap-user-pool.js';
import { startHttpGateway } from './http-gateway.js';
import { startLambdaInvokeServer } from './lambda-invoke-server.js';
import { localCredentials, localResourceNames, LOCAL_REGION } from './local-aws.js';
import type { RuntimePorts } from './ports.js';
import { startFixtureSite } from './sample-site.js';
import { localGeneratedSecret } from './generated-secret.js';
import { seedDemoAccount } from './seed-demo-account.js';
import { seedAdminAccount } from './seed-admin-account.js';
import { startCognitoRefreshShim } from './services/cognito-refresh-shim.js';
import { startCognito, storedConfirmationCode } from './services/cognito.js';
import { mailCodeDelivery, type CodeDelivery } from './services/cognito-code-mail.js';
import { startDynamo } from './services/dynamodb.js';
import { startS3 } from './services/s3.js';
import { startSes } from './services/ses.js';
import { startScheduler } from './services/scheduler.js';
import { startSmsOutbox } from './services/sms-outbox.js';
import type { TableStream } from './services/table-stream.js';
import { startTableStreamThread } from './services/table-stream-thread.js';
import { startStepFunctions } from './services/step-functions.js';
import { keepRunningOnStrayErrors } from './stray-errors.js';
import { startWebServer, type WebMode } from './web-server.js';
import { startWsGateway } from './ws-gateway.js';
import { localStripeSettings } from './stripe/local-settings.js';
import { startStripeStandIn } from './stripe/stand-in-server.js';
import { startGraphStandIn } from './graph/stand-in-server.js';

export interface LocalRuntimeOptions {
  dataDir: string;
  ports: RuntimePorts;
  web: WebMode;
  productName?: string;
  /**
   * Take the client address from X-Forwarded-For, as if a trusted proxy sat in front: lets tests and
   * benchmarks on loopback play visitors from many addresses. Never for a runtime others can reach.
   */
  trustForwardedFor?: boolean;
  /**
   * Keep the database's tables in memory, for a runtime whose data is thrown away when it stops (tests,
   * benchmarks): DynamoDB Local's disk syncs are not work of ours, nor of DynamoDB. `npm run dev` keeps
   * them in `dataDir`, so the product's data survives a restart.
   */
  databaseInMemory?: boolean;
}

export interface LocalRuntime {
  webUrl: string;
  apiUrl: string;
  realtimeUrl: string;
  config: RuntimeConfig;
  /** The environment the in-process handlers see; tests use it to reach the same stand-ins. */
  env: Record<string, string>;
  mailUrl: string;
  /** The SMS outbox: its page lists the texts sent, GET /messages gives them as JSON. */
  smsUrl: string;
  /** The local EventBridge Scheduler: its page lists the schedules of time-based workflows. */
  schedulerUrl: string;
  /** The demo assistant's website. */
  sampleSiteUrl: string;
  /** The local Stripe stand-in, or '' when `.env` has real Stripe keys. */
  stripeUrl: string;
  /** The local Meta Graph API's pages (its API is env.GRAPH_API_URL). */
  graphUrl: string;
  /** DynamoDB Local's process id (the chat bench counts its CPU time per turn). */
  databasePid: number | undefined;
  /** The table stream's local event source mappings (caughtUp: every record written before the call delivered). */
  tableStream: Pick<TableStream, 'caughtUp' | 'calls'>;
  stop(): Promise<void>;
}

/**
 * Starts every local stand-in for AWS (ARCHITECTURE.md section 5) and wires the handlers to them
 * through environment variables only, exactly as CDK wires them on AWS.
 */
export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const { dataDir, ports } = options;
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDevLock(join(dataDir, 'dev.lock'));
  const stops: (() => Promise<void>)[] = [async () => lock.release()];
  const removeGuard = keepRunningOnStrayErrors();
  stops.push(async () => removeGuard());
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };

  // The codes Cognito e-mails (sign-up, resent sign-up code, e-mail change, forgotten password) arrive in
  // the local mailbox, once each: a code can be both read at once (./services/cognito-refresh-shim.ts) and
  // printed late by cognito-local.
  const mailed = new Set<string>();
  const mailCode = (delivery: CodeDelivery) => {
    const key = `${delivery.destination.toLowerCase()} ${delivery.code}`;
    if (mailed.has(key)) return;
    mailed.add(key);
    mailCodeDelivery(`http://127.0.0.1:${ports.ses}`, delivery).catch((error: unknown) => console.error('Could not mail a Cognito code:', error));
  };
  // cognito-local writes its data file after it answers: read until the code is there (or give up quietly,
  // the code it prints is mailed too).
  const mailStoredCode = async (email: string) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = storedConfirmationCode(join(dataDir, 'cognito'), email);
      if (code) return mailCode({ destination: email, code, subject: '', message: '' });
      await delay(25);
    }
  };

  try {
    const lambda = await startLambdaInvokeServer(ports.lambda);
    stops.push(lambda.stop);
    const [dynamo, s3, ses, cognito] = await Promise.all([
      startDynamo(options.databaseInMemory ? null : join(dataDir, 'dynamodb'), ports.dynamodb),
      startS3(join(dataDir, 's3'), ports.s3, [localResourceNames.avatarsBucket, localResourceNames.documentsBucket]),
      startSes(ports.ses),
      startCognito(join(dataDir, 'cognito'), ports.cognito, lambda.endpoint, mailCode),
    ]);
    stops.push(dynamo.stop, s3.stop, ses.stop, cognito.stop);
    const [stepFunctions, sms] = await Promise.all([startStepFunctions(ports.stepFunctions, lambda.endpoint, join(dataDir, 'step-functions.json')), startSmsOutbox(ports.sms)]);
    stops.push(stepFunctions.stop, sms.stop);
    const scheduler = await startScheduler(ports.scheduler, stepFunctions.endpoint, join(dataDir, 'schedules.json'));
    stops.push(scheduler.stop);
    const shim = await startCognitoRefreshShim(ports.cognitoShim, cognito.endpoint, {
      onCodeIssued: (email) => void mailStoredCode(email),
    });
    stops.push(shim.stop);

    const cognitoClient = new CognitoIdentityProviderClient({
      endpoint: cognito.endpoint,
      region: LOCAL_REGION,
      credentials: localCredentials,
    });
    const dynamoClient = new DynamoDBClient({ endpoint: dynamo.endpoint, region: LOCAL_REGION, credentials: localCredentials });
    const [pool] = await Promise.all([
      ensureUserPool(cognitoClient, join(dataDir, 'user-pool.json')),
      ensureTable(dynamoClient, localResourceNames.table),
    ]);
    dynamoClient.destroy();
    const tokenIssuer = `${cognito.endpoint}/${pool.userPoolId}`;

    const ws = await startWsGateway(ports.realtime);
    stops.push(ws.stop);

    // Stripe: real keys from .env talk to Stripe; otherwise the stand-in, which delivers its events to
    // the local API's stripe-webhook route.
    const stripe = localStripeSettings(process.env);
    const stripeStandIn = stripe.standIn
      ? await startStripeStandIn({ ...stripe.standIn, port: ports.stripe, webhookUrl: `http://127.0.0.1:${ports.api}/billing/webhook`, stateFile: join(dataDir, 'stripe.json') })
      : undefined;
    if (stripeStandIn) stops.push(stripeStandIn.stop);

    // Meta's Graph API: its stand-in, with one test account per platform (Meta could not reach a local webhook).
    const graph = await startGraphStandIn({ port: ports.graph, stateFile: join(dataDir, 'graph.json'), seedAccounts: true });
    stops.push(graph.stop);

    const env: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      AWS_ENDPOINT_URL_SFN: stepFunctions.endpoint,
      AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2: sms.endpoint,
      WORKFLOW_STATE_MACHINE_ARN: stepFunctions.stateMachineArn,
      AWS_ENDPOINT_URL_SCHEDULER: scheduler.endpoint,
      // The local scheduler starts its targets itself; the role is named as Scheduler requires one.
      WORKFLOW_SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/workflow-scheduler',
      WORKFLOW_SCHEDULE_TARGET_ARN: stepFunctions.stateMachineArn,
      CRAWL_STATE_MACHINE_ARN: stepFunctions.crawlStateMachineArn,
      CRAWL_SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/crawl-scheduler',
      CRAWL_SCHEDULE_TARGET_ARN: stepFunctions.crawlStateMachineArn,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      S3_FORCE_PATH_STYLE: 'true',
      LOCAL_DEV: 'true',
      // No CloudWatch here: the metric lines (Embedded Metric Format) would only crowd the logs.
      POWERTOOLS_METRICS_DISABLED: 'true',
      TABLE_NAME: localResourceNames.table,
      AVATARS_BUCKET: localResourceNames.avatarsBucket,
      DOCUMENTS_BUCKET: localResourceNames.documentsBucket,
      REALTIME_ENDPOINT: ws.managementEndpoint,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.userPoolClientId,
      ACCOUNT_USER_POOL_ID: pool.userPoolId,
      TOKEN_ISSUER: tokenIssuer,
      PUBLIC_SITE_URL: `http://localhost:${ports.web}`,
      CHANNEL_PROCESSOR_FUNCTION_NAME: 'process-channel-webhook',
      KNOWLEDGE_INDEXER_FUNCTION_NAME: 'reindex-knowledge',
      VISITOR_TOKEN_SECRET: localGeneratedSecret(join(dataDir, 'visitor-token-secret')),
      // A random key kept in the data folder, as CDK generates one: sealed channel credentials survive restarts.
      CHANNEL_CREDENTIALS_KEY: localGeneratedSecret(join(dataDir, 'channel-credentials-key')),
      GRAPH_API_URL: graph.apiUrl,
      ...stripe.env,
      ...(stripeStandIn ? { STRIPE_API_URL: stripeStandIn.url } : {}),
      MAIL_FROM: 'no-reply@assistly.local',
    };
    // The handlers run in this process, as Lambda would run them, and read this environment.
    Object.assign(process.env, env);

    // The table stream's consumers (analytics counters), as Lambda's event source mappings run them, in a thread of their own.
    const tableStream = await startTableStreamThread({ endpoint: dynamo.endpoint, tableName: localResourceNames.table });
    stops.push(tableStream.stop);

    const api = await startHttpGateway({
      port: ports.api,
      tokenIssuer,
      userPoolClientId: pool.userPoolClientId,
      trustForwardedFor: options.trustForwardedFor,
    });
    stops.push(api.stop);

    const sampleSite = await startFixtureSite({ port: ports.sampleSite, hangingPage: false });
    stops.push(sampleSite.stop);
    await seedDemoAccount(cognitoClient, pool, sampleSite.url);
    await seedAdminAccount(cognitoClient, pool);
    cognitoClient.destroy();

    const config: RuntimeConfig = {
      productName: options.productName ?? 'Assistly',
      region: LOCAL_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      userPoolEndpoint: shim.endpoint,
      authFlow: 'USER_PASSWORD_AUTH',
      apiUrl: api.url,
      realtimeUrl: ws.url,
    };
    const web =
      options.web === 'none'
        ? undefined
        : await startWebServer(ports.web, options.web, config, { avatarsOrigin: `${s3.endpoint}/${localResourceNames.avatarsBucket}` });
    if (web) stops.push(web.stop);

    return {
      webUrl: web?.url ?? '',
      apiUrl: api.url,
      realtimeUrl: ws.url,
      config,
      env,
      mailUrl: ses.endpoint,
      smsUrl: sms.endpoint,
      schedulerUrl: scheduler.endpoint,
      sampleSiteUrl: sampleSite.url,
      stripeUrl: stripeStandIn?.url ?? '',
      graphUrl: graph.url,
      databasePid: dynamo.pid,
      tableStream: { caughtUp: tableStream.caughtUp, calls: tableStream.calls },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
