import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  LogGroupLogDestination,
  type CfnStage,
  type HttpStage,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct, type IConstruct } from 'constructs';
import { fallbackRoute, httpRoutes, isSignedIn, type HttpRoute as RouteEntry } from '../routes.js';
import { AppFunction, applyUses, type FunctionResources } from './app-function.js';
import { cognitoIssuer } from './cognito-issuer.js';
import { constructId } from './construct-id.js';
import { acknowledge } from './nag.js';

/** Whole API, per second, across all clients (API Gateway token bucket). */
export const DEFAULT_API_THROTTLE: ThrottleSettings = { rateLimit: 200, burstLimit: 400 };
/** Each public route, so unauthenticated traffic cannot use up the whole API's budget. */
export const DEFAULT_PUBLIC_ROUTE_THROTTLE: ThrottleSettings = { rateLimit: 50, burstLimit: 100 };

export interface HttpApiProps {
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** Origins allowed by CORS (the dashboard; `*` allows any). */
  readonly allowedOrigins: readonly string[];
  /** What the fallback function may use (lib/routes.ts `fallbackRoute.uses`). */
  readonly resources: FunctionResources;
  readonly throttle?: ThrottleSettings;
  readonly publicRouteThrottle?: ThrottleSettings;
}

/**
 * The HTTP API every domain attaches its routes to (lib/constructs/http-routes.ts, in the domain
 * stacks): the stage with its throttles and access logs, the JWT authorizer (Cognito) the `user` and
 * `admin` routes use, and the fallback function on `$default` so any other path gets the same JSON 404
 * as everywhere else.
 */
export class AppHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** Base URL without a trailing slash (the stage is `$default`). */
  readonly url: string;
  /** Checks Cognito tokens on the `user` and `admin` routes of every domain. */
  readonly jwtAuthorizer: HttpAuthorizer;
  /** Answers every request that matches no route. */
  readonly fallback: AppFunction;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);

    this.api = new HttpApi(this, 'Api', {
      description: 'Dashboard, widget and webhook API',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [...props.allowedOrigins],
        allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.PATCH,
          CorsHttpMethod.DELETE,
          CorsHttpMethod.OPTIONS,
        ],
        maxAge: Duration.hours(1),
      },
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? DEFAULT_API_THROTTLE,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: httpAccessLogFormat() },
    });
    this.url = this.api.apiEndpoint;

    // Created here, on the API, so every domain stack's signed-in routes share this one authorizer.
    this.jwtAuthorizer = new HttpAuthorizer(this.api, 'CognitoJwt', {
      httpApi: this.api,
      type: HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: cognitoIssuer(props.userPool),
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });

    this.fallback = applyUses(
      new AppFunction(this, constructId(fallbackRoute.name), { name: fallbackRoute.name }),
      fallbackRoute.uses,
      props.resources,
    );
    const defaultRoute = new HttpRoute(this, 'FallbackRoute', {
      httpApi: this.api,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('FallbackIntegration', this.fallback),
      authorizer: new HttpNoneAuthorizer(),
    });
    acknowledge(
      defaultRoute,
      'AwsSolutions-APIG4',
      'The $default route only answers requests that match no route, with a JSON 404; it returns no data, so ' +
        'requiring a token would only turn the 404 into a 401.',
    );
    this.stage.node.addDependency(defaultRoute);

    // Route-level throttles for unauthenticated routes, every domain's. Route settings may only name
    // routes that exist, so the stage waits for the stacks that create them (waitForRoutesOf).
    const publicThrottle = props.publicRouteThrottle ?? DEFAULT_PUBLIC_ROUTE_THROTTLE;
    const routes: readonly RouteEntry[] = httpRoutes;
    const publicRouteKeys = [...routes.filter((r) => !isSignedIn(r.access)).map((r) => `${r.method} ${r.path}`), '$default'];
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      publicRouteKeys.map((key) => [
        key,
        // RouteSettings is untyped JSON in the L1, so the keys are written as CloudFormation spells them.
        { ThrottlingRateLimit: publicThrottle.rateLimit, ThrottlingBurstLimit: publicThrottle.burstLimit },
      ]),
    );
  }

  /** The stage's route settings name public routes that `scope` (a domain stack) creates: deploy it first. */
  waitForRoutesOf(scope: IConstruct): void {
    this.stage.node.addDependency(scope);
  }
}

/** One JSON object per request, with the fields needed to trace a request and its authorization. */
function httpAccessLogFormat(): AccessLogFormat {
  return AccessLogFormat.custom(
    JSON.stringify({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      requestTime: '$context.requestTime',
      method: '$context.httpMethod',
      path: '$context.path',
      routeKey: '$context.routeKey',
      status: '$context.status',
      protocol: '$context.protocol',
      responseLength: '$context.responseLength',
      responseLatency: '$context.responseLatency',
      integrationLatency: '$context.integrationLatency',
      integrationError: '$context.integrationErrorMessage',
      authorizerError: '$context.authorizer.error',
      userAgent: '$context.identity.userAgent',
    }),
  );
}
