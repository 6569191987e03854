import type { HealthResponse } from '../contracts/health.js';
import { httpHandler } from '../core/http/http-handler.js';

export const handler = httpHandler({ route: 'health' }, async (): Promise<HealthResponse> => ({
  status: 'ok',
  time: new Date().toISOString(),
}));
