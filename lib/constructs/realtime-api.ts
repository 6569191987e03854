import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import {
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
  type ThrottleSettings,
  type WebSocketRoute,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { socketAuthorizer, socketRoutes, type FunctionName, type SocketRoute } from '../routes.js';
import { AppFunction, applyUses, type FunctionResources } from './app-function.js';
import { constructId } from './construct-id.js';
import { acknowledge } from './nag.js';

export const REALTIME_STAGE_NAME = 'live';
export const DEFAULT_REALTIME_THROTTLE: ThrottleSettings = { rateLimit: 100, burstLimit: 200 };
/** `$default` handles voice turns; API Gateway's WebSocket integration limit is 29 s. */
const MESSAGE_FUNCTION_TIMEOUT = Duration.seconds(29);

export interface RealtimeApiProps {
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** What socket functions may use besides this API and the user pool (table, buckets). */
  readonly resources: Omit<FunctionResources, 'realtime' | 'userPool'>;
  readonly throttle?: ThrottleSettings;
  /**
   * WebSocket access logs need the account-level CloudWatch role of API Gateway (one per account and
   * region). Set to false where another stack already manages it.
   * @default true
   */
  readonly manageAccountLogRole?: boolean;
}

/**
 * The WebSocket API for voice and live inbox updates: `$connect` behind a Lambda REQUEST authorizer
 * reading `?token=`, `$disconnect`, `$default`, one function each from lib/routes.ts `socketRoutes`,
 * on the auto-deployed stage `live`.
 */
export class RealtimeApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** `wss://{apiId}.execute-api.{region}.amazonaws.com/live`, what browsers connect to. */
  readonly url: string;
  /** `https://...` management endpoint (`@connections`) of the stage. */
  readonly callbackUrl: string;
  readonly functions: ReadonlyMap<FunctionName, AppFunction>;

  constructor(scope: Construct, id: string, props: RealtimeApiProps) {
    super(scope, id);

    this.api = new WebSocketApi(this, 'Api', { description: 'Voice and live updates' });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stage = new WebSocketStage(this, 'LiveStage', {
      webSocketApi: this.api,
      stageName: REALTIME_STAGE_NAME,
      autoDeploy: true,
      throttle: props.throttle ?? DEFAULT_REALTIME_THROTTLE,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: socketAccessLogFormat() },
    });
    if (props.manageAccountLogRole ?? true) this.stage.node.addDependency(this.accountLogRole());
    this.url = this.stage.url;
    this.callbackUrl = this.stage.callbackUrl;

    const resources: FunctionResources = {
      ...props.resources,
      realtime: { api: this.api, stage: this.stage },
      userPool: { pool: props.userPool, client: props.userPoolClient },
    };
    const functions = new Map<FunctionName, AppFunction>();
    const functionFor = (name: FunctionName, uses: SocketRoute['uses'], timeout?: Duration): AppFunction => {
      const fn = functions.get(name) ?? new AppFunction(this, constructId(name), { name, timeout });
      applyUses(fn, uses, resources);
      functions.set(name, fn);
      return fn;
    };

    const authorizerFn = functionFor(socketAuthorizer.name, socketAuthorizer.uses);
    const authorizer = new WebSocketLambdaAuthorizer('TokenAuthorizer', authorizerFn, {
      identitySource: [`route.request.querystring.${socketAuthorizer.identitySource}`],
    });

    const integrationIds: Record<SocketRoute['routeKey'], string> = {
      $connect: 'OnConnectIntegration',
      $disconnect: 'OnDisconnectIntegration',
      $default: 'OnMessageIntegration',
    };
    const routes: readonly SocketRoute[] = socketRoutes;
    for (const entry of routes) {
      const timeout = entry.routeKey === '$default' ? MESSAGE_FUNCTION_TIMEOUT : undefined;
      const fn = functionFor(entry.name as FunctionName, entry.uses, timeout);
      const route: WebSocketRoute = this.api.addRoute(entry.routeKey, {
        // Distinct ids: 'Connect'/'Default' collide with the ids CDK generates for the routes.
        integration: new WebSocketLambdaIntegration(integrationIds[entry.routeKey], fn),
        authorizer: entry.routeKey === '$connect' ? authorizer : undefined,
      });
      if (entry.routeKey !== '$connect') {
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          `API Gateway WebSocket APIs authorize only on $connect; ${entry.routeKey} can only be reached over a ` +
            'connection that already passed the token authorizer, and the function looks the connection up before acting.',
        );
      }
    }
    this.functions = functions;
  }

  /** API Gateway's account-level CloudWatch Logs role (required for WebSocket access logs). */
  private accountLogRole(): CfnAccount {
    const role = new Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledge(
      role,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      'AmazonAPIGatewayPushToCloudWatchLogs is the policy AWS documents for the API Gateway account logging role; ' +
        'it only allows writing CloudWatch Logs, and API Gateway names the log groups itself.',
    );
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
    // Other APIs in the account may rely on the setting: keep it when this stack goes.
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);
    return account;
  }
}

function socketAccessLogFormat(): AccessLogFormat {
  return AccessLogFormat.custom(
    JSON.stringify({
      requestId: '$context.requestId',
      connectionId: '$context.connectionId',
      eventType: '$context.eventType',
      routeKey: '$context.routeKey',
      status: '$context.status',
      requestTime: '$context.requestTime',
      ip: '$context.identity.sourceIp',
      integrationLatency: '$context.integrationLatency',
      authorizerError: '$context.authorizer.error',
      error: '$context.error.message',
    }),
  );
}
