import { createTeamRequestSchema } from '../contracts/teams.js';
import { httpHandler } from '../core/http/http-handler.js';
import { createTeam } from '../core/teams/teams.js';

export const handler = httpHandler({ route: 'create-team', body: createTeamRequestSchema, successStatus: 201 }, async ({ caller, body }) => ({
  team: await createTeam(caller, body),
}));
