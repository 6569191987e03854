import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { listContactTasks } from '../core/inbox/contact-tasks.js';

export const handler = httpHandler({ route: 'list-contact-tasks' }, async ({ caller, pathParameters }) => ({
  tasks: await listContactTasks(caller, pathId(pathParameters)),
}));
