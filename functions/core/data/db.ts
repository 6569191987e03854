import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../runtime/env.js';
import { getDocumentClient } from './client.js';
import { collectionMembers, entityBuilders, service } from './entities.js';
import { lazyService } from './lazy-service.js';

/** The table's ElectroDB service; each entity is built on first use (lazy-service.ts). */
export const dataService = lazyService(service, entityBuilders, collectionMembers);

let boundClient: DynamoDBDocumentClient | undefined;

/** The ElectroDB service bound to the table and client of this environment. */
export function db(): typeof dataService {
  const client = getDocumentClient();
  if (client !== boundClient) {
    dataService.bind(client, requireEnv('TABLE_NAME'));
    boundClient = client;
  }
  return dataService;
}
