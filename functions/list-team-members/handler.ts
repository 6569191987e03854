import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { listMembers } from '../core/teams/members.js';

export const handler = httpHandler({ route: 'list-team-members' }, async ({ caller, pathParameters }) => ({
  members: await listMembers(caller, pathId(pathParameters)),
}));
