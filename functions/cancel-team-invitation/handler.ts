import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { cancelInvitation } from '../core/teams/invitations.js';

export const handler = httpHandler({ route: 'cancel-team-invitation' }, async ({ caller, pathParameters }) => {
  await cancelInvitation(caller, pathId(pathParameters), pathId(pathParameters, 'invitationId'));
  return { cancelled: true };
});
