import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { viewInvitation } from '../core/teams/invitations.js';

export const handler = httpHandler({ route: 'get-invitation' }, async ({ caller, pathParameters }) => ({
  invitation: await viewInvitation(caller, pathId(pathParameters)),
}));
