import { requireEnv } from '../runtime/env.js';
import { getDocumentClient } from './client.js';
import { dataService } from './entities.js';

let bound = false;

/** The ElectroDB service bound to the table and client of this environment (lazily, once). */
export function db(): typeof dataService {
  if (!bound) {
    dataService.setClient(getDocumentClient());
    dataService.setTableName(requireEnv('TABLE_NAME'));
    bound = true;
  }
  return dataService;
}
