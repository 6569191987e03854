import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { pendingInvitations } from '../core/teams/invitations.js';

export const handler = httpHandler({ route: 'list-team-invitations' }, async ({ caller, pathParameters }) => ({
  invitations: await pendingInvitations(caller, pathId(pathParameters)),
}));
