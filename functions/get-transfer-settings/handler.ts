import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { getTransferSettings } from '../core/transfers/transfer-settings.js';

export const handler = httpHandler({ route: 'get-transfer-settings' }, async ({ caller, pathParameters }) => ({
  settings: await getTransferSettings(caller, pathId(pathParameters)),
}));
