import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import {
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RealtimeStageRef } from './app-function.js';
import { acknowledge } from './nag.js';

export const REALTIME_STAGE_NAME = 'live';
export const DEFAULT_REALTIME_THROTTLE: ThrottleSettings = { rateLimit: 100, burstLimit: 200 };

export interface RealtimeApiProps {
  readonly throttle?: ThrottleSettings;
  /**
   * WebSocket access logs need the account-level CloudWatch role of API Gateway (one per account and
   * region). Set to false where another stack already manages it.
   * @default true
   */
  readonly manageAccountLogRole?: boolean;
}

/**
 * The WebSocket API for voice and live inbox updates, on the auto-deployed stage `live`. Its routes,
 * functions and authorizer (lib/routes.ts `socketRoutes`) are attached by the domain stacks
 * (lib/constructs/socket-routes.ts).
 */
export class RealtimeApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** `wss://{apiId}.execute-api.{region}.amazonaws.com/live`, what browsers connect to. */
  readonly url: string;
  /** `https://...` management endpoint (`@connections`) of the stage. */
  readonly callbackUrl: string;
  /** What a function that posts to connections needs (the `realtime` resource of lib/routes.ts). */
  readonly stageRef: RealtimeStageRef;

  constructor(scope: Construct, id: string, props: RealtimeApiProps = {}) {
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
    this.stageRef = { apiId: this.api.apiId, stageName: REALTIME_STAGE_NAME, callbackUrl: this.callbackUrl };
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
