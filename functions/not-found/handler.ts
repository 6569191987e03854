import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { jsonResponse } from '../core/http/http-handler.js';

/** The `$default` route: any method and path the route table does not know. */
export const handler = async (event: APIGatewayProxyEventV2) =>
  jsonResponse(404, { error: `No route for ${event.requestContext.http.method} ${event.rawPath}` });
