import { Entity, Service } from 'electrodb';
import { tableDesign } from './table-design.js';

const { partitionKey: pk, sortKey: sk } = tableDesign;
const gsi1 = tableDesign.globalIndexes[0];
const service = 'assistants';

/** Spec 000 section 3: the owner's profile, created on first sign-in. */
export const userProfileEntity = new Entity({
  model: { entity: 'userProfile', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    email: { type: 'string', required: true },
    business_name: { type: 'string', required: true, default: '' },
    created_at: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: {
      collection: 'account',
      pk: { field: pk, composite: ['user_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

/** Spec 000 section 3 "Subscription record" (table subscribers), one per user. */
export const subscriptionEntity = new Entity({
  model: { entity: 'subscription', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    subscribed: { type: 'boolean', required: true, default: false },
    subscription_tier: { type: 'string', required: true, default: 'trial' },
    trial_end: { type: 'string' },
    subscription_end: { type: 'string' },
    chatbots_created: { type: 'number', required: true, default: 0 },
    max_chatbots: { type: 'number', required: true, default: 1 },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    byUser: {
      collection: 'account',
      pk: { field: pk, composite: ['user_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

/** Open WebSocket connections; expire by TTL in case `$disconnect` never arrives. */
export const connectionEntity = new Entity({
  model: { entity: 'connection', version: '1', service },
  attributes: {
    connection_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    connected_at: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byConnection: {
      pk: { field: pk, composite: ['connection_id'] },
      sk: { field: sk, composite: [] },
    },
    byUser: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['user_id'] },
      sk: { field: gsi1.sortKey, composite: ['connection_id'] },
    },
  },
});

export const entities = {
  userProfile: userProfileEntity,
  subscription: subscriptionEntity,
  connection: connectionEntity,
};

export const dataService = new Service(entities);
