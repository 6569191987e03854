import { WebSocketRoute, type IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { socketAuthorizer, type FunctionName, type SocketRoute } from '../routes.js';
import { functionsByName, type AppFunction, type FunctionResources } from './app-function.js';
import { constructId } from './construct-id.js';
import { acknowledge } from './nag.js';

/** Distinct ids: 'Connect'/'Default' collide with the ids CDK generates for the routes. */
const INTEGRATION_IDS: Record<SocketRoute['routeKey'], string> = {
  $connect: 'OnConnectIntegration',
  $disconnect: 'OnDisconnectIntegration',
  $default: 'OnMessageIntegration',
};

export interface SocketRoutesProps {
  /** The shared WebSocket API the routes are attached to. */
  readonly api: IWebSocketApi;
  /** Entries of lib/routes.ts `socketRoutes` to serve (one domain's). */
  readonly routes: readonly SocketRoute[];
  /** What the functions may use, handed out according to each entry's `uses`. */
  readonly resources: FunctionResources;
}

/**
 * One function, integration and route per entry, on the shared WebSocket API. `$connect` sits behind
 * the Lambda REQUEST authorizer reading `?token=` (lib/routes.ts `socketAuthorizer`), created with it.
 */
export class SocketRoutes extends Construct {
  readonly functions: ReadonlyMap<FunctionName, AppFunction>;

  constructor(scope: Construct, id: string, props: SocketRoutesProps) {
    super(scope, id);
    const connects = props.routes.some((r) => r.routeKey === '$connect');
    this.functions = functionsByName(this, [...props.routes, ...(connects ? [socketAuthorizer] : [])], props.resources);
    const functionOf = (name: string) => this.functions.get(name as FunctionName) as AppFunction;

    for (const entry of props.routes) {
      const authorizer =
        entry.routeKey === '$connect'
          ? new WebSocketLambdaAuthorizer('TokenAuthorizer', functionOf(socketAuthorizer.name), {
              identitySource: [`route.request.querystring.${socketAuthorizer.identitySource}`],
            })
          : undefined;
      const route = new WebSocketRoute(this, `${constructId(entry.routeKey)}Route`, {
        webSocketApi: props.api,
        routeKey: entry.routeKey,
        integration: new WebSocketLambdaIntegration(INTEGRATION_IDS[entry.routeKey], functionOf(entry.name)),
        authorizer,
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
  }
}
