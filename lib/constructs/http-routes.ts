import { HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, type IHttpApi, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { isSignedIn, type FunctionName, type HttpRoute as RouteEntry } from '../routes.js';
import { functionsByName, type AppFunction, type FunctionResources } from './app-function.js';
import { constructId } from './construct-id.js';
import { acknowledge } from './nag.js';

export interface HttpRoutesProps {
  /** The shared HTTP API the routes are attached to. */
  readonly api: IHttpApi;
  /** The shared JWT authorizer of `user` and `admin` routes (AppHttpApi's). */
  readonly jwtAuthorizer: IHttpRouteAuthorizer;
  /** Entries of lib/routes.ts `httpRoutes` to serve (one domain's). */
  readonly routes: readonly RouteEntry[];
  /** What the functions may use, handed out according to each route's `uses`. */
  readonly resources: FunctionResources;
}

/**
 * One function, integration and route per entry, on the shared HTTP API: the JWT authorizer on
 * `user` and `admin` routes, none on `public` ones. The routes are created here, in the scope of the
 * caller (a domain stack), not by `api.addRoutes`, which would put them in the API's stack.
 */
export class HttpRoutes extends Construct {
  /** Functions by name (one per named function, shared if several routes name the same one). */
  readonly functions: ReadonlyMap<FunctionName, AppFunction>;

  constructor(scope: Construct, id: string, props: HttpRoutesProps) {
    super(scope, id);
    this.functions = functionsByName(this, props.routes, props.resources);

    const none = new HttpNoneAuthorizer();
    for (const entry of props.routes) {
      const fn = this.functions.get(entry.name as FunctionName) as AppFunction;
      const route = new HttpRoute(this, `${constructId(entry.name)}${entry.method}Route`, {
        httpApi: props.api,
        routeKey: HttpRouteKey.with(entry.path, HttpMethod[entry.method]),
        integration: new HttpLambdaIntegration(`${constructId(entry.name)}Integration`, fn),
        authorizer: isSignedIn(entry.access) ? props.jwtAuthorizer : none,
      });
      if (!isSignedIn(entry.access)) {
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          entry.access === 'visitor'
            ? `${entry.method} ${entry.path} is for website visitors (lib/routes.ts access "visitor"), who have no ` +
                'Cognito identity: the function verifies the signed visitor token itself and serves only that ' +
                "visitor's own conversation; the route has its own throttle."
            : `${entry.method} ${entry.path} is public by design (lib/routes.ts access "public": widget, demo, webhooks ` +
                'or health); the function validates its input and applies per-bot and per-client limits, and the route ' +
                'has its own throttle.',
        );
      }
    }
  }
}
