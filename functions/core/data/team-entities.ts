import { Entity } from 'electrodb';
import { teamRoles } from '../../contracts/roles.js';
import { tableDesign } from './table-design.js';

/**
 * Spec 001 section 3: team, team_member, team_invitation, and the link of a shared assistant to its
 * team. Registered in entities.ts with the others.
 */
const { partitionKey: pk, sortKey: sk } = tableDesign;
const gsi1 = tableDesign.globalIndexes[0];
const service = 'assistants';

export const TEAM_ROLES = teamRoles;

export const teamEntity = () => new Entity({
  model: { entity: 'team', version: '1', service },
  attributes: {
    team_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    description: { type: 'string', required: true, default: '' },
    owner_id: { type: 'string', required: true, readOnly: true },
    created_at: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: pk, composite: ['team_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

/** One person's place in a team; the rule of core/access reads it on every shared-assistant request. */
export const teamMemberEntity = () => new Entity({
  model: { entity: 'teamMember', version: '1', service },
  attributes: {
    team_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    role: { type: TEAM_ROLES, required: true },
    status: { type: ['active', 'pending'] as const, required: true, default: 'active' },
    /** The member's profile at joining (spec: the member's profile gives email and business_name). */
    email: { type: 'string', required: true },
    business_name: { type: 'string', required: true, default: '' },
    joined_at: { type: 'string', required: true },
  },
  indexes: {
    byTeam: {
      pk: { field: pk, composite: ['team_id'] },
      sk: { field: sk, composite: ['user_id'] },
    },
    byUser: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['user_id'] },
      sk: { field: gsi1.sortKey, composite: ['team_id'] },
    },
  },
});

/**
 * An invitation by e-mail. Its id is the secret of the link sent to the invited address (a random
 * UUID), and it is accepted only by a signed-in user with that address, once, before it expires.
 */
export const teamInvitationEntity = () => new Entity({
  model: { entity: 'teamInvitation', version: '1', service },
  attributes: {
    invitation_id: { type: 'string', required: true },
    team_id: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    role: { type: ['admin', 'editor', 'member'] as const, required: true },
    invited_by: { type: 'string', required: true, readOnly: true },
    /** The inviter's address, shown to the invited person. */
    invited_by_email: { type: 'string', required: true, readOnly: true },
    created_at: { type: 'string', required: true, readOnly: true },
    expires_at: { type: 'string', required: true },
    accepted_at: { type: 'string' },
    accepted_by: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: pk, composite: ['invitation_id'] },
      sk: { field: sk, composite: [] },
    },
    byTeam: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['team_id'] },
      sk: { field: gsi1.sortKey, composite: ['created_at', 'invitation_id'] },
    },
  },
});

/** An assistant shared with a team (spec: the list of chatbots shared with the team); mirrors chatbot.team_id. */
export const sharedChatbotEntity = () => new Entity({
  model: { entity: 'sharedChatbot', version: '1', service },
  attributes: {
    team_id: { type: 'string', required: true },
    chatbot_id: { type: 'string', required: true },
    owner_id: { type: 'string', required: true },
    shared_at: { type: 'string', required: true },
  },
  indexes: {
    byTeam: {
      pk: { field: pk, composite: ['team_id'] },
      sk: { field: sk, composite: ['chatbot_id'] },
    },
  },
});
