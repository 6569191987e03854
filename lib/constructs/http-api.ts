import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  LogGroupLogDestination,
  type CfnStage,
  type HttpStage,
  type IHttpRouteAuthorizer,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { fallbackRoute, httpRoutes, type FunctionName, type HttpRoute as RouteEntry } from '../routes.js';
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
  /** What route functions may use, handed out according to each route's `uses`. */
  readonly resources: FunctionResources;
  readonly throttle?: ThrottleSettings;
  readonly publicRouteThrottle?: ThrottleSettings;
}

/**
 * The HTTP API: one function, integration and route per entry of lib/routes.ts `httpRoutes`, a JWT
 * authorizer (Cognito) on `user` and `admin` routes, and the fallback function on `$default` so any
 * other path gets the same JSON 404 as everywhere else.
 */
export class AppHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** Base URL without a trailing slash (the stage is `$default`). */
  readonly url: string;
  /** Functions by name (one per named function, shared if several routes name the same one). */
  readonly functions: ReadonlyMap<FunctionName, AppFunction>;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);

    this.api = new HttpApi(this, 'Api', {
      description: 'Dashboard, widget and webhook API',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [...props.allowedOrigins],
        allowHeaders: ['authorization', 'content-type'],
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

    const jwt = new HttpJwtAuthorizer('CognitoJwt', cognitoIssuer(props.userPool), {
      jwtAudience: [props.userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
    const none = new HttpNoneAuthorizer();

    const routes: readonly RouteEntry[] = httpRoutes;
    const functions = new Map<FunctionName, AppFunction>();
    const functionFor = (name: FunctionName): AppFunction => {
      const existing = functions.get(name);
      if (existing) return existing;
      // Several routes may share one function: it gets every resource any of them uses.
      const entries = routes.filter((r) => r.name === name);
      const timeouts = entries.flatMap((r) => (r.timeoutSeconds ? [r.timeoutSeconds] : []));
      const memories = entries.flatMap((r) => (r.memoryMb ? [r.memoryMb] : []));
      const fn = new AppFunction(this, constructId(name), {
        name,
        timeout: timeouts.length > 0 ? Duration.seconds(Math.max(...timeouts)) : undefined,
        memorySize: memories.length > 0 ? Math.max(...memories) : undefined,
      });
      applyUses(fn, [...new Set(entries.flatMap((r) => r.uses))], props.resources);
      functions.set(name, fn);
      return fn;
    };

    const publicRouteKeys: string[] = [];
    const publicRoutes: HttpRoute[] = [];
    for (const entry of routes) {
      const fn = functionFor(entry.name as FunctionName);
      const authorizer: IHttpRouteAuthorizer = entry.access === 'public' ? none : jwt;
      const [route] = this.api.addRoutes({
        path: entry.path,
        methods: [HttpMethod[entry.method]],
        integration: new HttpLambdaIntegration(`${constructId(entry.name)}Integration`, fn),
        authorizer,
      });
      if (!route) throw new Error(`No route created for ${entry.method} ${entry.path}`);
      if (entry.access === 'public') {
        publicRouteKeys.push(`${entry.method} ${entry.path}`);
        publicRoutes.push(route);
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          `${entry.method} ${entry.path} is public by design (lib/routes.ts access "public": widget, demo, webhooks ` +
            'or health); the function validates its input and applies per-bot and per-client limits, and the route ' +
            'has its own throttle.',
        );
      }
    }

    const fallback = applyUses(
      new AppFunction(this, constructId(fallbackRoute.name), { name: fallbackRoute.name }),
      fallbackRoute.uses,
      props.resources,
    );
    functions.set(fallbackRoute.name, fallback);
    const defaultRoute = new HttpRoute(this, 'FallbackRoute', {
      httpApi: this.api,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('FallbackIntegration', fallback),
      authorizer: none,
    });
    acknowledge(
      defaultRoute,
      'AwsSolutions-APIG4',
      'The $default route only answers requests that match no route, with a JSON 404; it returns no data, so ' +
        'requiring a token would only turn the 404 into a 401.',
    );
    publicRouteKeys.push('$default');
    publicRoutes.push(defaultRoute);

    // Route-level throttles for unauthenticated routes. Route settings may only name routes that
    // exist, so the stage waits for those routes.
    const publicThrottle = props.publicRouteThrottle ?? DEFAULT_PUBLIC_ROUTE_THROTTLE;
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      publicRouteKeys.map((key) => [
        key,
        // RouteSettings is untyped JSON in the L1, so the keys are written as CloudFormation spells them.
        { ThrottlingRateLimit: publicThrottle.rateLimit, ThrottlingBurstLimit: publicThrottle.burstLimit },
      ]),
    );
    for (const route of publicRoutes) this.stage.node.addDependency(route);

    this.functions = functions;
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
