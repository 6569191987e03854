import { httpHandler } from '../core/http/http-handler.js';
import { listTeams } from '../core/teams/teams.js';

export const handler = httpHandler({ route: 'list-teams' }, async ({ caller }) => ({ teams: await listTeams(caller) }));
