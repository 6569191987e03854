import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { acceptInvitation } from '../core/teams/invitations.js';

export const handler = httpHandler({ route: 'accept-invitation' }, async ({ caller, pathParameters }) => ({
  team: await acceptInvitation(caller, pathId(pathParameters)),
}));
