import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../runtime/env.js';
import { getDocumentClient } from './client.js';
import { dataService } from './entities.js';

let boundClient: DynamoDBDocumentClient | undefined;

/** The ElectroDB service bound to the table and client of this environment. */
export function db(): typeof dataService {
  const client = getDocumentClient();
  if (client !== boundClient) {
    dataService.setClient(client);
    dataService.setTableName(requireEnv('TABLE_NAME'));
    boundClient = client;
  }
  return dataService;
}
