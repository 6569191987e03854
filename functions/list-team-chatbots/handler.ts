import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { teamChatbots } from '../core/teams/sharing.js';

export const handler = httpHandler({ route: 'list-team-chatbots' }, async ({ caller, pathParameters }) => ({
  chatbots: await teamChatbots(caller, pathId(pathParameters)),
}));
