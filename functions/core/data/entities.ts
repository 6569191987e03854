import { Entity } from 'electrodb';
import { rollupItemAttributes } from '../analytics/rollup-counters.js';
import { tableDesign } from './table-design.js';
import { sharedChatbotEntity, teamEntity, teamInvitationEntity, teamMemberEntity } from './team-entities.js';
import { crawlRunEntity, crawlTaskEntity } from './crawl-entities.js';
import { contactTagsEntity, workflowEntity, workflowExecutionEntity, workflowTaskEntity } from './workflow-entities.js';

const { partitionKey: pk, sortKey: sk } = tableDesign;
const gsi1 = tableDesign.globalIndexes[0];
const gsi2 = tableDesign.globalIndexes[1];
/** The ElectroDB service every entity belongs to (lazy-service.ts joins them into it). */
export const service = 'assistants';

/** Spec 000 section 3: the owner's profile, created on first sign-in. */
export const userProfileEntity = () => new Entity({
  model: { entity: 'userProfile', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    email: { type: 'string', required: true },
    business_name: { type: 'string', required: true, default: '' },
    /** The person's own name, shown to visitors when they answer a conversation (core/inbox/person-shown.ts). */
    display_name: { type: 'string' },
    /** The person's own picture, an avatar of ours (core/accounts/profile-avatar.ts). */
    avatar_url: { type: 'string' },
    /** The address of the picture the person was last given an upload for: the only one they may set. */
    avatar_upload: { type: 'string' },
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
export const subscriptionEntity = () => new Entity({
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
    // Billing (issue 15): the owner's Stripe customer and what Stripe last said of their plan.
    stripe_customer_id: { type: 'string' },
    stripe_subscription_id: { type: 'string' },
    /** Stripe's subscription status (active, past_due, canceled...). */
    billing_status: { type: 'string' },
    cancel_at_period_end: { type: 'boolean' },
    /** When the state written was read from Stripe (ms): an older reading never overwrites a newer one. */
    stripe_synced_at: { type: 'number' },
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
export const connectionEntity = () => new Entity({
  model: { entity: 'connection', version: '1', service },
  attributes: {
    connection_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    connected_at: { type: 'string', required: true, readOnly: true },
    ttl: { type: 'number', required: true },
    /** Set by a voice `init`: the assistant this socket talks to and the voice conversation's session. */
    chatbot_id: { type: 'string' },
    voice_session: { type: 'string' },
    /** When the voice conversation began (its first init): the key of its voiceSession record. */
    voice_started_at: { type: 'string' },
    /** Opened with a voice session token: the assistant and conversation are the token's, not init's. */
    session_bound: { type: 'boolean' },
    /** Interruptions on (the assistant's voice settings at init): speech cancels the turn being answered. */
    interrupt: { type: 'boolean' },
    /** Voice activity detection state (core/voice/vad.ts VadState) of the audio received so far. */
    vad: { type: 'any' },
    /** The utterance the audio now arriving belongs to; counts up at each end of speech. */
    utterance: { type: 'number' },
    /** The last audio chunk (by seq) run through detection: the optimistic lock between concurrent appends. */
    audio_version: { type: 'number' },
    /** Chunks received without a seq, numbered in arrival order. */
    audio_received: { type: 'number' },
    /** The turn being answered; cleared (or replaced) by an interruption, which stops the turn. */
    turn_id: { type: 'string' },
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

/**
 * The open sockets of one user id (a dashboard user, or a visitor's `visitor#<assistant>#<contact>` key)
 * in one item, kept beside each connection's own record (core/realtime/connections.ts). Read by its key,
 * it joins the BatchGetItem a chat turn makes anyway: the owner's open dashboards cost the turn no
 * query of their own.
 */
export const openSocketsEntity = () => new Entity({
  model: { entity: 'openSockets', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    /** `<connection id> <expiry, epoch seconds>`: one past its expiry is a socket whose `$disconnect` never came. */
    sockets: { type: 'set', items: 'string' },
  },
  indexes: {
    byUser: {
      pk: { field: pk, composite: ['user_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

/**
 * One voice chat (a voice session, from its init to its socket's close) for the Voice screen's
 * Analytics tab (issue 16): when it began and ended, its turns and how they were answered. Kept by
 * start time so a period is one range read.
 */
export const voiceSessionEntity = () => new Entity({
  model: { entity: 'voiceSession', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true },
    started_at: { type: 'string', required: true },
    session: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    /** The last answered turn: the end of a session whose close never arrived. */
    last_activity_at: { type: 'string' },
    ended_at: { type: 'string' },
    turns: { type: 'number' },
    answered: { type: 'number' },
    fallback: { type: 'number' },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['started_at', 'session'] },
    },
  },
});

/**
 * Microphone audio on a voice socket (base64 PCM16): chunks waiting for their turn in order
 * (utterance -1), then an utterance's chunks until its end of speech hands them to transcription.
 * Any Lambda instance reads them; TTL removes what is left behind.
 */
export const voiceAudioChunkEntity = () => new Entity({
  model: { entity: 'voiceAudioChunk', version: '1', service },
  attributes: {
    connection_id: { type: 'string', required: true },
    utterance: { type: 'number', required: true },
    // Zero-padded in the sort key, so seq 10 comes after seq 9 ('after seq n' queries rely on it).
    seq: { type: 'number', required: true, padding: { length: 10, char: '0' } },
    audio: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byUtterance: {
      pk: { field: pk, composite: ['connection_id', 'utterance'] },
      sk: { field: sk, composite: ['seq'] },
    },
  },
});

/** Spec 000 section 3 and spec 001 section 3 "chatbot"; the owner's assistants newest first by gsi1. */
export const chatbotEntity = () => new Entity({
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
    /**
     * The knowledge probes' outcome for one index version (core/training/recompute-quality.ts): a rating
     * or correction changes the quality but not the index, so it reuses them rather than asking again.
     */
    training_probes: {
      type: 'map',
      properties: {
        index_version: { type: 'string', required: true },
        asked: { type: 'number', required: true },
        failed_questions: { type: 'list', items: { type: 'string' }, required: true },
      },
    },
    deployment_channels: { type: 'set', items: 'string' },
    /** Host names the embed widget may run on (a listed name also allows its subdomains); empty means anywhere. */
    allowed_domains: { type: 'list', items: { type: 'string' } },
    /** Validated by functions/contracts/chatbot.ts conversationSettingsSchema before it is written. */
    conversation_settings: { type: 'any' },
    /** Validated by functions/contracts/voice.ts voiceSettingsSchema before it is written. */
    voice_settings: { type: 'any' },
    /** Agent Transfers settings; validated by functions/contracts/transfers.ts transferSettingsSchema before it is written. */
    transfer_settings: { type: 'any' },
    /** Crawl progress (contracts: crawlProgressSchema). */
    crawl: { type: 'any', required: true },
    /** How often the website is read again by itself (contracts syncFrequencies); absent: never. */
    sync_frequency: { type: ['never', 'daily', 'weekly'] as const },
    /** The live knowledge index version in the documents bucket; switched atomically on re-index. */
    index_version: { type: 'string' },
    /**
     * Changes with every change of the assistant's corrections (chat/corrections.ts): a warm function keeps
     * the corrections it read until the assistant item names another version.
     */
    corrections_version: { type: 'string' },
    /** Likewise for its workflows (workflows/manage-workflows.ts, workflows/chat-triggers.ts). */
    workflows_version: { type: 'string' },
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
export const crawledPageEntity = () => new Entity({
  model: { entity: 'crawledPage', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true },
    url: { type: 'string', required: true },
    title: { type: 'string', required: true },
    text: { type: 'string', required: true },
    /** The page's site header and footer (contact details, address, hours), indexed once per site. */
    site_text: { type: 'string' },
    headings: { type: 'list', items: { type: 'string' } },
    description: { type: 'string' },
    content_hash: { type: 'string', required: true },
    /** The validators of the page's last answer: a re-sync asks again with If-None-Match / If-Modified-Since. */
    etag: { type: 'string' },
    last_modified: { type: 'string' },
    /** Its links: a re-sync answered 304 still follows them, so a page linked only from here is not taken for gone. */
    links: { type: 'list', items: { type: 'string' } },
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

/** Spec 001 section 3 "conversation": one visitor's exchange with an assistant on a channel. */
export const conversationEntity = () => new Entity({
  model: { entity: 'conversation', version: '1', service },
  attributes: {
    conversation_id: { type: 'string', required: true },
    chatbot_id: { type: 'string', required: true, readOnly: true },
    user_id: { type: 'string', required: true, readOnly: true },
    channel: { type: ['website', 'whatsapp', 'instagram', 'messenger', 'sms', 'voice'] as const, required: true, default: 'website' },
    contact_id: { type: 'string', required: true, readOnly: true },
    contact_name: { type: 'string' },
    contact_phone: { type: 'string' },
    contact_avatar: { type: 'string' },
    /** What the visitor said about themself (core/inbox/customer-details.ts), editable by the owner. */
    customer_name: { type: 'string' },
    customer_phone: { type: 'string' },
    customer_email: { type: 'string' },
    reason_for_enquiry: { type: 'string' },
    /** Lower-cased names, ids, phone and reason: what the inbox search matches (core/inbox/search-text.ts). */
    search_text: { type: 'string' },
    /** The contact's tags (contactTags) copied here, so the inbox shows and filters them with the list (core/inbox/contact-tags.ts). */
    contact_tags: { type: 'set', items: 'string' },
    status: { type: 'string', required: true, default: 'active' },
    /** Until when the visitor's messages wait for a person (a transfer was asked for): acknowledged, not answered by the assistant. */
    transfer_waiting_until: { type: 'string' },
    /** The person answering while 'in_progress' (the user id): another who replies joins visibly. */
    answered_by: { type: 'string' },
    /** Visitor messages nobody has opened the conversation since (the inbox's unread count, shared by its readers). */
    unread_count: { type: 'number' },
    last_message_at: { type: 'string', required: true },
    created_at: { type: 'string', required: true, readOnly: true },
    // Analytics (core/analytics/conversation-flags.ts): when the conversation first went wrong, so each counts once.
    unresolved_at: { type: 'string' },
    escalated_at: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: pk, composite: ['conversation_id'] },
      sk: { field: sk, composite: [] },
    },
    /** The inbox: an assistant's conversations by last activity (also what goes with the assistant). */
    byChatbot: {
      index: gsi2.indexName,
      pk: { field: gsi2.partitionKey, composite: ['chatbot_id'] },
      sk: { field: gsi2.sortKey, composite: ['last_message_at', 'conversation_id'] },
    },
    /** The visitor's conversations with one assistant, oldest first (which one continues: visitorEntity). */
    byContact: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['chatbot_id', 'contact_id'] },
      sk: { field: gsi1.sortKey, composite: ['created_at'] },
    },
  },
});

/**
 * A visitor's current conversation with one assistant: continued while fresh, replaced under a
 * condition, so concurrent messages of one visitor end up in one conversation.
 */
export const visitorEntity = () => new Entity({
  model: { entity: 'visitor', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true },
    contact_id: { type: 'string', required: true },
    conversation_id: { type: 'string', required: true },
    /** The visitor's last message: what the conversation timeout is measured from. */
    last_message_at: { type: 'string', required: true },
    /** The UTC hour (YYYY-MM-DDTHH) the visitor is counted in for active users, set with last_message_at (core/analytics/active-visitors.ts). */
    active_hour: { type: 'string' },
  },
  indexes: {
    byContact: {
      pk: { field: pk, composite: ['chatbot_id', 'contact_id'] },
      sk: { field: sk, composite: [] },
    },
    /** Analytics' active users: the assistant's visitors by their last message (core/analytics/active-visitors.ts). */
    byActivity: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['chatbot_id'] },
      sk: { field: gsi1.sortKey, composite: ['last_message_at'] },
    },
  },
});

/** Spec 001 section 3 "message", with the assistant's response time. */
export const messageEntity = () => new Entity({
  model: { entity: 'message', version: '1', service },
  attributes: {
    conversation_id: { type: 'string', required: true },
    message_id: { type: 'string', required: true },
    sender_type: { type: ['user', 'assistant', 'system'] as const, required: true },
    content: { type: 'string', required: true },
    message_type: { type: 'string', required: true, default: 'text' },
    response_time_ms: { type: 'number' },
    /** The person who wrote this reply in the inbox (an assistant message without it is the bot's). */
    agent_id: { type: 'string' },
    /** That person's name as the visitor saw it when it was written (and on a 'person joined' notice). */
    person_name: { type: 'string' },
    /** That person's picture then, if they had one. */
    person_avatar: { type: 'string' },
    /** The workflow whose send_message action wrote this reply (never a visitor message, so it cannot trigger one). */
    workflow_id: { type: 'string' },
    /** Pages an assistant answer came from: [{ title, url }]. */
    sources: { type: 'any' },
    /** The visitor's thumbs up or down on an assistant reply (collectFeedback). */
    feedback: { type: ['up', 'down'] as const },
    /** The assistant reply asks the visitor to confirm this action (requireConfirmation); Yes / No answer it. */
    confirmation: { type: ['handoff'] as const },
    /** How the visitor answered that question; set once, so a question is answered only once. */
    confirmation_answer: { type: ['handoff', 'declined'] as const },
    created_at: { type: 'string', required: true },
    // Analytics, on a reply to a visitor only (core/analytics/question-log.ts): the question it answered and how.
    chatbot_id: { type: 'string' },
    question: { type: 'string' },
    outcome: { type: ['answered', 'fallback', 'off_topic', 'handoff', 'other'] as const },
    answered_at: { type: 'string' },
  },
  indexes: {
    byConversation: {
      pk: { field: pk, composite: ['conversation_id'] },
      sk: { field: sk, composite: ['created_at', 'message_id'] },
    },
    /** Sparse: the replies to visitors' questions of an assistant by time (written only with chatbot_id and answered_at). */
    byChatbotQuestions: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['chatbot_id'] },
      sk: { field: gsi1.sortKey, composite: ['answered_at'] },
    },
  },
});

/** Spec 000 `conversation_corrections`: the owner's better answer, which the engine then uses. */
export const correctionEntity = () => new Entity({
  model: { entity: 'correction', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true },
    correction_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    original_message: { type: 'string', required: true },
    original_response: { type: 'string', required: true },
    corrected_response: { type: 'string', required: true },
    context_used: { type: 'string', required: true, default: '' },
    created_at: { type: 'string', required: true },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['created_at', 'correction_id'] },
    },
  },
});

/** Spec 001 "agent_transfer": a request for a human, started by an escalation trigger. */
export const agentTransferEntity = () => new Entity({
  model: { entity: 'agentTransfer', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true },
    transfer_id: { type: 'string', required: true },
    conversation_id: { type: 'string', required: true },
    status: { type: 'string', required: true, default: 'pending' },
    trigger_reason: { type: 'string', required: true },
    agent_email: { type: 'string' },
    transferred_at: { type: 'string', required: true },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['transferred_at', 'transfer_id'] },
    },
    /** A conversation's transfers: what taking it over, handing it back or resolving it moves on. */
    byConversation: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['conversation_id'] },
      sk: { field: gsi1.sortKey, composite: ['transferred_at', 'transfer_id'] },
    },
  },
});

/** One visit of an assistant's public demo page: first and last event, for the average session. */
export const demoSessionEntity = () => new Entity({
  model: { entity: 'demoSession', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true },
    session_id: { type: 'string', required: true },
    views: { type: 'number', required: true, default: 0 },
    interactions: { type: 'number', required: true, default: 0 },
    first_at: { type: 'string', required: true },
    last_at: { type: 'string', required: true },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['session_id'] },
    },
  },
});

/** Spec 000 section 3 "knowledge_base entry", keyed by its owner (an absent chatbot_id = all assistants). */
export const knowledgeEntryEntity = () => new Entity({
  model: { entity: 'knowledgeEntry', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true, readOnly: true },
    entry_id: { type: 'string', required: true, readOnly: true },
    chatbot_id: { type: 'string' },
    title: { type: 'string', required: true },
    content: { type: 'string', required: true },
    type: { type: ['faq', 'context', 'document', 'link'] as const, required: true },
    is_active: { type: 'boolean', required: true, default: true },
    file_name: { type: 'string' },
    /** Key of the uploaded file in the knowledge-documents bucket. */
    file_key: { type: 'string' },
    file_size: { type: 'number' },
    created_at: { type: 'string', required: true, readOnly: true },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    byOwner: {
      pk: { field: pk, composite: ['user_id'] },
      sk: { field: sk, composite: ['entry_id'] },
    },
  },
});

/**
 * A reply the owner rated in the Training studio (spec 000 "Training record", stored here so it
 * survives a reload and feeds training_quality). record_id starts with its creation time, so the
 * assistant's records read newest first straight from the index.
 */
export const trainingRecordEntity = () => new Entity({
  model: { entity: 'trainingRecord', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true, readOnly: true },
    record_id: { type: 'string', required: true, readOnly: true },
    user_id: { type: 'string', required: true, readOnly: true },
    scenario: { type: 'string', required: true, default: 'Interactive Training' },
    user_message: { type: 'string', required: true },
    ai_response: { type: 'string', required: true },
    score: { type: 'number', required: true },
    feedback: { type: 'string' },
    corrected_response: { type: 'string' },
    created_at: { type: 'string', required: true, readOnly: true },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['record_id'] },
    },
  },
});

/** A fixed-window request counter for public routes; expires by TTL. */
export const rateCounterEntity = () => new Entity({
  model: { entity: 'rateCounter', version: '1', service },
  attributes: {
    counter_key: { type: 'string', required: true },
    window_start: { type: 'number', required: true },
    count: { type: 'number', required: true, default: 0 },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: pk, composite: ['counter_key'] },
      sk: { field: sk, composite: ['window_start'] },
    },
  },
});

/**
 * The outcome of a create request sent with an Idempotency-Key (core/http/idempotency.ts): the same
 * key from the same owner on the same route gets this answer again instead of a second creation.
 */
export const idempotencyRecordEntity = () => new Entity({
  model: { entity: 'idempotencyRecord', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true, readOnly: true },
    route: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    /** SHA-256 of the request body: a key reused for another request is refused. */
    request_hash: { type: 'string', required: true },
    state: { type: ['pending', 'done'] as const, required: true },
    started_at: { type: 'number', required: true },
    status_code: { type: 'number' },
    /** The response body, gzipped and base64-encoded (an entry may hold 100,000 characters). */
    body: { type: 'string' },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: pk, composite: ['user_id'] },
      sk: { field: sk, composite: ['route', 'key'] },
    },
  },
});

/**
 * A visitor message by the id its client gave it (a channel's: the platform's message id): claimed
 * before the turn runs, so a repeat of the id (a retry after a timeout or a 503, or the same request
 * twice at once) gets the first turn's outcome and stores nothing new (core/chat/turn-claim.ts).
 */
export const chatTurnEntity = () => new Entity({
  model: { entity: 'chatTurn', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true, readOnly: true },
    contact_id: { type: 'string', required: true, readOnly: true },
    client_message_id: { type: 'string', required: true, readOnly: true },
    /** pending while a turn runs; done with its outcome; failed when it stopped and a retry is to run it again. */
    state: { type: ['pending', 'done', 'failed'] as const, required: true },
    /** When the running attempt claimed it (ms): past the route's time limit a pending claim is a turn that died. */
    started_at: { type: 'number', required: true },
    /** The visitor's message's time as the first attempt stored it: a retry writes the same item again. */
    message_at: { type: 'string', required: true },
    /** The conversation a failed attempt stored the message in. */
    conversation_id: { type: 'string' },
    /** The reply's time when a failed attempt may have stored it: a retry writes the same item again. */
    reply_at: { type: 'string' },
    /** The ChatOutcome as JSON (done only). */
    outcome: { type: 'string' },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byClientMessage: {
      pk: { field: pk, composite: ['chatbot_id', 'contact_id', 'client_message_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

// ---- Billing domain (issue 15): the waitlist, onboarding progress and Stripe's events ----

/**
 * Spec 001 section 3 "Waitlist entry", one per e-mail address (lower-cased): signing up again updates
 * the same entry. byJoined lists every entry newest first (one partition: a waitlist is small).
 */
export const waitlistEntryEntity = () => new Entity({
  model: { entity: 'waitlistEntry', version: '1', service },
  attributes: {
    email: { type: 'string', required: true, readOnly: true },
    entry_id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    phone: { type: 'string' },
    instagram_handle: { type: 'string' },
    agree_to_promotions: { type: 'boolean', required: true, default: false },
    agree_to_launch_access: { type: 'boolean', required: true, default: true },
    /** Counts updates, so a change is written only over the version it was decided on. */
    revision: { type: 'number', required: true, default: 0 },
    created_at: { type: 'string', required: true, readOnly: true },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    byEmail: {
      pk: { field: pk, composite: ['email'] },
      sk: { field: sk, composite: [] },
    },
    byJoined: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: [] },
      sk: { field: gsi1.sortKey, composite: ['created_at', 'email'] },
    },
  },
});

/** The waitlist's counts for the admin's stat cards, moved in the same transaction as each entry. */
export const waitlistStatsEntity = () => new Entity({
  model: { entity: 'waitlistStats', version: '1', service },
  attributes: {
    total: { type: 'number', required: true, default: 0 },
    with_phone: { type: 'number', required: true, default: 0 },
    marketing_opt_in: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    single: {
      pk: { field: pk, composite: [] },
      sk: { field: sk, composite: [] },
    },
  },
});

/** The onboarding steps an owner completed (spec 001 /onboarding), kept once done. */
export const onboardingProgressEntity = () => new Entity({
  model: { entity: 'onboardingProgress', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    /** Steps the owner marked complete. */
    marked: { type: 'set', items: 'string' },
    /** Steps found in what the owner did, kept once found (their assistant may be deleted later). */
    detected: { type: 'set', items: 'string' },
    updated_at: { type: 'string', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: pk, composite: ['user_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

/** Which owner a Stripe customer belongs to, for the webhook's events (which name the customer). */
export const stripeCustomerEntity = () => new Entity({
  model: { entity: 'stripeCustomer', version: '1', service },
  attributes: {
    customer_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    created_at: { type: 'string', required: true },
  },
  indexes: {
    byCustomer: {
      pk: { field: pk, composite: ['customer_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

/** A Stripe event the webhook has handled: a repeat of its id is answered without doing it again. */
export const stripeEventEntity = () => new Entity({
  model: { entity: 'stripeEvent', version: '1', service },
  attributes: {
    event_id: { type: 'string', required: true },
    type: { type: 'string', required: true },
    processed_at: { type: 'string', required: true },
    /** Stripe retries an event for up to three days; kept a month. */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEvent: {
      pk: { field: pk, composite: ['event_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

/** A page origin the embed widget ran on (reported when it loads), for the Deployment Center's "Live on". */
export const widgetOriginEntity = () => new Entity({
  model: { entity: 'widgetOrigin', version: '1', service },
  attributes: {
    chatbot_id: { type: 'string', required: true },
    origin: { type: 'string', required: true },
    last_seen_at: { type: 'string', required: true },
    /** Origins not seen for a while drop out of the list by themselves. */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byChatbot: {
      pk: { field: pk, composite: ['chatbot_id'] },
      sk: { field: sk, composite: ['origin'] },
    },
  },
});

/**
 * A messaging channel (WhatsApp, Messenger, Instagram) connected to an assistant with the credentials
 * Meta gave the business. The access token and app secret are one AES-GCM sealed blob
 * (core/channels/credential-vault.ts). The verify token is ours, not Meta's: it only answers the handshake.
 */
export const channelConnectionEntity = () => new Entity({
  model: { entity: 'channelConnection', version: '1', service },
  attributes: {
    connection_id: { type: 'string', required: true, readOnly: true },
    chatbot_id: { type: 'string', required: true, readOnly: true },
    user_id: { type: 'string', required: true, readOnly: true },
    platform: { type: ['whatsapp', 'messenger', 'instagram'] as const, required: true, readOnly: true },
    /** WhatsApp phone number id, Facebook page id or Instagram account id. */
    account_id: { type: 'string', required: true },
    /** What Meta calls the account (verified name, page name, username), as the test read it. */
    account_name: { type: 'string', required: true, default: '' },
    sealed_credentials: { type: 'string', required: true },
    verify_token: { type: 'string', required: true },
    connected_at: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: pk, composite: ['connection_id'] },
      sk: { field: sk, composite: [] },
    },
    byChatbot: {
      index: gsi1.indexName,
      pk: { field: gsi1.partitionKey, composite: ['chatbot_id'] },
      sk: { field: gsi1.sortKey, composite: ['platform'] },
    },
  },
});

/**
 * A webhook event already taken (Meta retries and sends duplicates): created under a condition before
 * the event is processed, so a repeat of the same message id is acknowledged and dropped.
 */
export const channelEventEntity = () => new Entity({
  model: { entity: 'channelEvent', version: '1', service },
  attributes: {
    connection_id: { type: 'string', required: true },
    event_id: { type: 'string', required: true },
    received_at: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEvent: {
      pk: { field: pk, composite: ['connection_id', 'event_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

/** A message sent through the Graph API, found again by Meta's message id when its status arrives. */
export const channelMessageEntity = () => new Entity({
  model: { entity: 'channelMessage', version: '1', service },
  attributes: {
    connection_id: { type: 'string', required: true },
    external_id: { type: 'string', required: true },
    conversation_id: { type: 'string', required: true },
    message_id: { type: 'string', required: true },
    created_at: { type: 'string', required: true },
    /** What Meta reported of it (status webhooks): when it reached the customer's device, was read, or failed. */
    delivered_at: { type: 'string' },
    read_at: { type: 'string' },
    failed_at: { type: 'string' },
  },
  indexes: {
    byExternalId: {
      pk: { field: pk, composite: ['connection_id', 'external_id'] },
      sk: { field: sk, composite: [] },
    },
  },
});

// ---- Analytics (issue 17) ----

/**
 * Analytics rollup: one assistant's counters of one UTC day, per hour (core/analytics/rollup-counters.ts),
 * added to as messages, feedback, ratings, transfers and demo events are written.
 */
export const analyticsDayModel = { entity: 'analyticsDay', version: '1', service } as const;

/**
 * The day item with these counters: all of them for the entity, none for the keys of the counter write
 * (data/analytics-day-counters.ts), which then builds no model of 500 attributes on a function's first turn.
 */
const analyticsDayWith = <Counters extends Record<string, { type: 'number' }>>(counters: Counters) =>
  new Entity({
    model: analyticsDayModel,
    attributes: {
      chatbot_id: { type: 'string', required: true },
      /** YYYY-MM-DD (UTC). */
      day: { type: 'string', required: true },
      ...counters,
    },
    indexes: {
      byChatbot: {
        pk: { field: pk, composite: ['chatbot_id'] },
        sk: { field: sk, composite: ['day'] },
      },
    },
  });

export const analyticsDayEntity = () => analyticsDayWith(rollupItemAttributes);
/** The day item's keys and identity, without its counters. */
export const analyticsDayKeysEntity = () => analyticsDayWith({});

/**
 * Every entity of the table, by the name the code reads it under (`db().entities.<name>`). Each value
 * builds its entity: ElectroDB's model parsing and validation took about 90 ms of CPU when all were built
 * at import, and a function touches a few, so db.ts builds each on first use (lazy-service.ts).
 */
export const entityBuilders = {
  userProfile: userProfileEntity,
  subscription: subscriptionEntity,
  connection: connectionEntity,
  openSockets: openSocketsEntity,
  voiceAudioChunk: voiceAudioChunkEntity,
  voiceSession: voiceSessionEntity,
  chatbot: chatbotEntity,
  crawledPage: crawledPageEntity,
  // The distributed crawl and re-sync (issue 27)
  crawlRun: crawlRunEntity,
  crawlTask: crawlTaskEntity,
  conversation: conversationEntity,
  visitor: visitorEntity,
  message: messageEntity,
  correction: correctionEntity,
  agentTransfer: agentTransferEntity,
  demoSession: demoSessionEntity,
  rateCounter: rateCounterEntity,
  knowledgeEntry: knowledgeEntryEntity,
  trainingRecord: trainingRecordEntity,
  idempotencyRecord: idempotencyRecordEntity,
  chatTurn: chatTurnEntity,
  // Teams (issue 12)
  team: teamEntity,
  teamMember: teamMemberEntity,
  teamInvitation: teamInvitationEntity,
  sharedChatbot: sharedChatbotEntity,
  // Billing domain (issue 15)
  waitlistEntry: waitlistEntryEntity,
  waitlistStats: waitlistStatsEntity,
  onboardingProgress: onboardingProgressEntity,
  stripeCustomer: stripeCustomerEntity,
  stripeEvent: stripeEventEntity,
  // Deployment Center and messaging channels (issue 13)
  widgetOrigin: widgetOriginEntity,
  channelConnection: channelConnectionEntity,
  channelEvent: channelEventEntity,
  channelMessage: channelMessageEntity,
  // Workflows (issue 14)
  workflow: workflowEntity,
  workflowExecution: workflowExecutionEntity,
  contactTags: contactTagsEntity,
  workflowTask: workflowTaskEntity,
  // Analytics (issue 17)
  analyticsDay: analyticsDayEntity,
};

export type EntityName = keyof typeof entityBuilders;
export type Entities = { [Name in EntityName]: ReturnType<(typeof entityBuilders)[Name]> };

/**
 * The entities of each collection (an index shared by several entities, read in one query): a
 * collection query needs them all joined. A unit test checks this against the indexes the entities declare.
 */
export const collectionMembers = {
  account: ['userProfile', 'subscription'],
  chatbotKnowledge: ['crawledPage'],
  contactDetails: ['contactTags'],
} as const satisfies Record<string, readonly EntityName[]>;
