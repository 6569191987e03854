import { NestedStack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { domains, httpRoutes, socketRoutes, type Domain, type FunctionName, type HttpRoute, type SocketRoute } from '../routes.js';
import type { AppFunction } from './app-function.js';
import { HttpRoutes } from './http-routes.js';
import { SharedImports, type SharedResources } from './shared-imports.js';
import { SocketRoutes } from './socket-routes.js';

export interface DomainStackProps {
  readonly domain: Domain;
  /** The app stack's shared resources; the domain stack imports those its functions use. */
  readonly shared: SharedResources;
}

/**
 * One domain of lib/routes.ts as a nested stack: the functions, integrations and routes of its HTTP and
 * WebSocket entries, attached to the app stack's shared APIs. Deployed by the app stack's `cdk deploy`.
 */
export class DomainStack extends NestedStack {
  readonly domain: Domain;
  /** The domain's functions by name. */
  readonly functions: ReadonlyMap<FunctionName, AppFunction>;

  constructor(scope: Construct, id: string, props: DomainStackProps) {
    super(scope, id, { description: `${domains[props.domain]} (domain '${props.domain}')` });
    this.domain = props.domain;

    const http = (httpRoutes as readonly HttpRoute[]).filter((r) => r.domain === props.domain);
    const socket = (socketRoutes as readonly SocketRoute[]).filter((r) => r.domain === props.domain);
    if (http.length === 0 && socket.length === 0) {
      // CloudFormation refuses a template without resources.
      throw new Error(`Domain '${props.domain}' has no routes in lib/routes.ts; give its routes \`domain: '${props.domain}'\``);
    }

    const imports = new SharedImports(this, props.shared);
    const functions = new Map<FunctionName, AppFunction>();
    if (http.length > 0) {
      const routes = new HttpRoutes(this, 'Http', {
        api: imports.httpApi,
        jwtAuthorizer: imports.jwtAuthorizer,
        routes: http,
        resources: imports,
      });
      for (const [name, fn] of routes.functions) functions.set(name, fn);
    }
    if (socket.length > 0) {
      const routes = new SocketRoutes(this, 'Realtime', {
        api: imports.webSocketApi,
        routes: socket,
        resources: imports,
      });
      for (const [name, fn] of routes.functions) functions.set(name, fn);
    }
    this.functions = functions;
  }
}
