import type { EntityItem } from 'electrodb';
import {
  DEFAULT_CONVERSATION_SETTINGS,
  conversationSettingsSchema,
  crawlProgressSchema,
  deploymentChannels,
  trainingPartSchema,
  type ChatbotFields,
  type CrawlProgress,
} from '../../contracts/chatbot.js';
import type { chatbotEntity } from '../data/entities.js';
import { settledProgress } from '../crawl/engine/stale-reading.js';
import { requireEnv } from '../runtime/env.js';
import { embedCode } from './embed-code.js';
import { publicAgentImage } from './public-image-url.js';

export type StoredChatbot = EntityItem<ReturnType<typeof chatbotEntity>>;

export function newCrawlProgress(now: Date, kind: CrawlProgress['kind'] = 'crawl', runId: string | null = null): CrawlProgress {
  return {
    stage: 'queued',
    pages_found: 0,
    pages_fetched: 0,
    pages_indexed: 0,
    pages_failed: 0,
    error: null,
    failures: [],
    stopped: null,
    started_at: now.toISOString(),
    finished_at: null,
    kind,
    pages_limit: 0,
    stop_reason: null,
    pages_disallowed: 0,
    changes: null,
    run_id: runId,
  };
}

const channelSet = new Set<string>(deploymentChannels);

/**
 * The API shape of a stored assistant (defaults filled, settings and progress validated), before the
 * caller's part (chatbot-view.ts adds it).
 */
export function toChatbotFields(stored: StoredChatbot): ChatbotFields {
  const settings = conversationSettingsSchema.safeParse({ ...DEFAULT_CONVERSATION_SETTINGS, ...(stored.conversation_settings ?? {}) });
  const crawl = crawlProgressSchema.safeParse(stored.crawl);
  const breakdown = trainingPartSchema.array().safeParse(stored.training_breakdown ?? []);
  return {
    id: stored.chatbot_id,
    user_id: stored.user_id,
    team_id: stored.team_id ?? null,
    business_name: stored.business_name,
    agent_name: stored.agent_name,
    agent_personality: stored.agent_personality,
    agent_image: publicAgentImage(stored.agent_image),
    primary_color: stored.primary_color,
    secondary_color: stored.secondary_color,
    chat_position: stored.chat_position,
    chat_style: stored.chat_style,
    website_url: stored.website_url,
    is_active: stored.is_active ?? true,
    embed_code: embedCode(requireEnv('PUBLIC_SITE_URL'), stored.chatbot_id),
    training_quality: stored.training_quality ?? 0,
    training_status: stored.training_status ?? 'untrained',
    training_breakdown: breakdown.success ? breakdown.data : [],
    deployment_channels: (stored.deployment_channels ?? []).filter((c): c is ChatbotFields['deployment_channels'][number] =>
      channelSet.has(c),
    ),
    conversation_settings: settings.success ? settings.data : DEFAULT_CONVERSATION_SETTINGS,
    crawl: crawl.success ? settledProgress(crawl.data) : newCrawlProgress(new Date(stored.created_at)),
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}
