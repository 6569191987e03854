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

/** Spec 000 section 3 and spec 001 section 3 "chatbot"; the owner's assistants newest first by gsi1. */
export const chatbotEntity = new Entity({
  model: { entity: 'chatbot', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true, readOnly: true },
    team_id: { type: 'string' },
    business_name: { type: 'string', required: true },
    agent_name: { type: 'string', required: true },
    agent_personality: { type: 'string', required: true },
    agent_image: { type: 'string', required: true, default: '' },
    primary_color: { type: 'string', required: true },
    secondary_color: { type: 'string', required: true },
    chat_position: { type: ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const, required: true },
    chat_style: { type: ['modern', 'classic', 'minimal', 'rounded'] as const, required: true },
    website_url: { type: 'string', required: true },
    is_active: { type: 'boolean', required: true, default: true },
    training_quality: { type: 'number', required: true, default: 0 },
    training_status: {
      type: ['untrained', 'needs_training', 'in_training', 'ready_for_deployment'] as const,
      required: true,
      default: 'untrained',
    },
    /** What training_quality is made of (contracts: trainingPartSchema). */
    training_breakdown: { type: 'any' },
    deployment_channels: { type: 'set', items: 'string' },
    /** Validated by functions/contracts/chatbot.ts conversationSettingsSchema before it is written. */
    conversation_settings: { type: 'any' },
    /** Crawl progress (contracts: crawlProgressSchema). */
    crawl: { type: 'any', required: true },
    /** The live knowledge index version in the documents bucket; switched atomically on re-index. */
    index_version: { type: 'string' },
    created_at: { type: 'string', required: true, readOnly: true },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: [] },
    },
    byUser: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['user_id'] },
      sk: { field: gsi1.sortKey, composite: ['created_at', 'chatbot_id'] },
    },
  },
});

/** A page the crawl read for an assistant: the knowledge source the index is built from. */
export const crawledPageEntity = new Entity({
  model: { entity: 'crawledPage', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true },
    url: { type: 'string', required: true },
    title: { type: 'string', required: true },
    text: { type: 'string', required: true },
    headings: { type: 'list', items: { type: 'string' } },
    description: { type: 'string' },
    content_hash: { type: 'string', required: true },
    /** Crawl order, so the creator shows the first pages read first. */
    position: { type: 'number', required: true },
    fetched_at: { type: 'string', required: true },
  },
  indexes: {
    byChatbot: {
      collection: 'chatbotKnowledge',
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['url'] },
    },
  },
});

export const entities = {
  userProfile: userProfileEntity,
  subscription: subscriptionEntity,
  connection: connectionEntity,
  chatbot: chatbotEntity,
  crawledPage: crawledPageEntity,
};

export const dataService = new Service(entities);
