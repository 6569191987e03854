import { transferSettingsSchema } from '../contracts/transfers.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { updateTransferSettings } from '../core/transfers/transfer-settings.js';

export const handler = httpHandler({ route: 'update-transfer-settings', body: transferSettingsSchema }, async ({ caller, pathParameters, body }) => ({
  settings: await updateTransferSettings(caller, pathId(pathParameters), body),
}));
