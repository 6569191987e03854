import { setChatbotTeamRequestSchema } from '../contracts/teams.js';
import { httpHandler } from '../core/http/http-handler.js';
import { pathId } from '../core/http/path-id.js';
import { setChatbotTeam } from '../core/teams/sharing.js';

export const handler = httpHandler({ route: 'set-chatbot-team', body: setChatbotTeamRequestSchema }, async ({ caller, pathParameters, body }) => ({
  chatbot: await setChatbotTeam(caller, pathId(pathParameters), body.team_id),
}));
