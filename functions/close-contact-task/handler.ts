import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { closeContactTask } from '../core/inbox/contact-tasks.js';

export const handler = httpHandler({ route: 'close-contact-task' }, async ({ caller, pathParameters }) => ({
  task: await closeContactTask(caller, pathId(pathParameters), pathId(pathParameters, 'taskId'), new Date()),
}));
