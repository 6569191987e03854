import { updateMemberRoleRequestSchema } from '../contracts/teams.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { changeMemberRole } from '../core/teams/members.js';

export const handler = httpHandler(
  { route: 'update-team-member-role', body: updateMemberRoleRequestSchema },
  async ({ caller, pathParameters, body }) => ({
    member: await changeMemberRole(caller, pathId(pathParameters), pathId(pathParameters, 'userId'), body.role),
  }),
);
