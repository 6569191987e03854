import { inviteRequestSchema } from '../contracts/teams.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { inviteMember } from '../core/teams/invitations.js';

export const handler = httpHandler(
  { route: 'invite-team-member', body: inviteRequestSchema, successStatus: 201 },
  async ({ caller, pathParameters, body }) => ({ invitation: await inviteMember(caller, pathId(pathParameters), body) }),
);
