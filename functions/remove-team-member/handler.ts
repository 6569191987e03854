import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { removeMember } from '../core/teams/members.js';

export const handler = httpHandler({ route: 'remove-team-member' }, async ({ caller, pathParameters }) => {
  await removeMember(caller, pathId(pathParameters), pathId(pathParameters, 'userId'));
  return { removed: true };
});
