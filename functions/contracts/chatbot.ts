import * as z from 'zod';
import { hasNoControlCharacters } from './one-line-text.js';
import { teamRoles } from './roles.js';

/** Spec 000 section 9 and spec 001 section 3. */
export const chatPositions = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export const chatStyles = ['modern', 'classic', 'minimal', 'rounded'] as const;
export const trainingStatuses = ['untrained', 'needs_training', 'in_training', 'ready_for_deployment'] as const;
export const knowledgeUpdates = ['current', 'updating', 'failed'] as const;
/** What the assistant card says while its latest knowledge change is not in its answers and quality. */
export const KNOWLEDGE_UPDATE_TEXT = {
  updating: 'Learning your latest knowledge change; the quality is measured again when it is done.',
  failed: 'Your latest knowledge change could not be learned yet: the assistant answers from what it knew. It is tried again with your next change.',
} as const;
export const deploymentChannels = ['website', 'whatsapp', 'instagram', 'messenger'] as const;

export const DEFAULT_AGENT_NAME = 'AI Assistant';
export const DEFAULT_AGENT_PERSONALITY = 'friendly and helpful';
export const DEFAULT_PRIMARY_COLOR = '#2563eb';
export const DEFAULT_SECONDARY_COLOR = '#1e40af';
/** Spec 000 section 9: readiness threshold. */
export const DEPLOYMENT_READY_QUALITY = 80;

const color = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #2563eb');
/** http(s) only; the crawler re-checks where it resolves. */
export const websiteUrlSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your website URL')
  .max(2048)
  .transform((value, ctx) => {
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid website URL' });
      return z.NEVER;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: 'Only http and https website addresses can be used' });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'Website addresses with a user name or password cannot be used' });
      return z.NEVER;
    }
    url.hash = '';
    return url.toString();
  });

/**
 * An image URL; empty means "no avatar". Shown on other people's pages, so only http(s) passes here
 * (no javascript:, data:, file:); the server then allows plain http for its own site's images only
 * (functions/core/chatbots/public-image-url.ts).
 */
const imageUrl = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(2048)
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'The avatar must be an https:// image address'),
]);

/** The most earlier messages an owner may give the model with each question. */
export const MAX_CONTEXT_WINDOW = 20;

export const conversationSettingsSchema = z.object({
  responseDelay: z.number().int().min(0).max(5000),
  typingIndicatorEnabled: z.boolean(),
  maxResponseLength: z.number().int().min(100).max(2000),
  conversationTimeout: z.number().int().min(5 * 60_000).max(120 * 60_000),
  welcomeMessage: z.string().trim().min(1).max(1000),
  fallbackMessage: z.string().trim().min(1).max(1000),
  escalationTriggers: z.array(z.string().trim().toLowerCase().min(1).max(100)).max(50),
  allowOffTopic: z.boolean(),
  requireConfirmation: z.boolean(),
  collectFeedback: z.boolean(),
  handoffEnabled: z.boolean(),
  contextWindow: z.number().int().min(3).max(MAX_CONTEXT_WINDOW),
  creativityLevel: z.number().int().min(1).max(10),
  strictnessLevel: z.number().int().min(1).max(10),
});
export type ConversationSettings = z.infer<typeof conversationSettingsSchema>;

/** PUT /chatbots/{id}/settings: the whole settings object; trigger phrases kept once each. */
export const updateConversationSettingsRequestSchema = conversationSettingsSchema.transform((settings) => ({
  ...settings,
  escalationTriggers: [...new Set(settings.escalationTriggers)],
}));

export const DEFAULT_CONVERSATION_SETTINGS: ConversationSettings = {
  responseDelay: 1000,
  typingIndicatorEnabled: true,
  maxResponseLength: 500,
  conversationTimeout: 1_800_000,
  welcomeMessage: 'Hello! How can I help you today?',
  fallbackMessage: "I'm not sure I understand. Could you please rephrase that?",
  escalationTriggers: ['speak to human', 'customer service', 'manager'],
  allowOffTopic: false,
  requireConfirmation: false,
  collectFeedback: true,
  handoffEnabled: true,
  contextWindow: 10,
  creativityLevel: 3,
  strictnessLevel: 7,
};

/** 'done_with_problems': pages were read and indexed, but some could not be read (or time ran out). */
export const crawlStages = ['queued', 'crawling', 'indexing', 'done', 'done_with_problems', 'failed'] as const;

/** At most this many unreadable pages are listed with their reasons (all are counted). */
export const MAX_LISTED_CRAWL_FAILURES = 100;

/** 'crawl': the first reading of the site; 'sync': a re-reading that keeps what did not change; 'retry': only the pages that failed. */
export const crawlKinds = ['crawl', 'sync', 'retry'] as const;
/** 'limit': the plan's page limit; 'time': the reading's time limit; 'site_down': the site stopped answering. */
export const crawlStopReasons = ['limit', 'time', 'site_down'] as const;

/** What a re-sync changed: pages added, changed (re-indexed), removed (gone), unchanged (one request each), failed. */
export const syncChangesSchema = z.object({
  added: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type SyncChanges = z.infer<typeof syncChangesSchema>;

/** A page the crawl could not read, and why, in a few words ('connection refused', 'the server answered HTTP 500'). */
export const crawlFailureSchema = z.object({ url: z.string(), reason: z.string() });
export type CrawlFailure = z.infer<typeof crawlFailureSchema>;

/** Real progress of the crawl that feeds an assistant's knowledge (readable by the creator). */
export const crawlProgressSchema = z.object({
  stage: z.enum(crawlStages),
  pages_found: z.number().int().nonnegative(),
  pages_fetched: z.number().int().nonnegative(),
  pages_indexed: z.number().int().nonnegative(),
  pages_failed: z.number().int().nonnegative(),
  /** Failed or stopped: what went wrong, for people ("28 of 41 pages could not be read: connection refused"). */
  error: z.string().nullable(),
  /** The unreadable pages with their reasons (the first MAX_LISTED_CRAWL_FAILURES). */
  failures: z.array(crawlFailureSchema).default([]),
  /** Where and why the crawl stopped before reading every page it found (its time limit), if it did. */
  stopped: z.string().nullable().default(null),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** What this reading was: the first crawl, a re-sync, or a retry of the pages that failed. */
  kind: z.enum(crawlKinds).default('crawl'),
  /** Pages the owner's plan lets an assistant learn (free 100, subscribers 2,000; environment-configurable). */
  pages_limit: z.number().int().nonnegative().default(0),
  /** Why the reading ended before every page it found was read, in one word; the `stopped` text says it for people. */
  stop_reason: z.enum(crawlStopReasons).nullable().default(null),
  /** Addresses robots.txt does not allow the crawler to read (not counted as found). */
  pages_disallowed: z.number().int().nonnegative().default(0),
  /** A re-sync's changes to what the assistant knows (a first crawl adds every page it learns). */
  changes: syncChangesSchema.nullable().default(null),
  /** The reading this progress belongs to (its entry in the sync history). */
  run_id: z.string().nullable().default(null),
});

/**
 * The one-line account of a finished crawl's problems: how many of the pages it tried could not be
 * read and the commonest reason ('28 of 41 pages could not be read: connection refused').
 */
export function crawlProblemSummary(progress: Pick<CrawlProgress, 'pages_fetched' | 'pages_failed' | 'failures'>): string | null {
  if (!progress.pages_failed) return null;
  const tried = progress.pages_fetched + progress.pages_failed;
  const counts = new Map<string, number>();
  for (const { reason } of progress.failures) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const commonest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const pages = tried === 1 ? 'page' : 'pages';
  return `${progress.pages_failed} of ${tried} ${pages} could not be read${commonest ? `: ${commonest}` : ''}`;
}
export type CrawlProgress = z.infer<typeof crawlProgressSchema>;

/** One signal of training_quality and what would raise it (functions/core/training/training-quality.ts). */
export const trainingPartSchema = z.object({
  // 'website', 'knowledge' and 'faqs' are the size signals of breakdowns stored before 'answers'.
  signal: z.enum(['answers', 'website', 'knowledge', 'faqs', 'ratings', 'corrections']),
  points: z.number().int().nonnegative(),
  max: z.number().int().positive(),
  hint: z.string(),
  /** Questions made from the assistant's knowledge that it did not answer from the right passage. */
  questions: z.array(z.string()).optional(),
});
export type TrainingPart = z.infer<typeof trainingPartSchema>;

export const chatbotSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  team_id: z.string().nullable(),
  business_name: z.string(),
  agent_name: z.string(),
  agent_personality: z.string(),
  agent_image: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  chat_position: z.enum(chatPositions),
  chat_style: z.enum(chatStyles),
  website_url: z.string(),
  is_active: z.boolean(),
  embed_code: z.string(),
  training_quality: z.number().int().min(0).max(100),
  training_status: z.enum(trainingStatuses),
  training_breakdown: z.array(trainingPartSchema),
  /**
   * Whether the answers and training_quality include the owner's latest knowledge change: 'updating'
   * while it is being re-indexed (quality not final), 'failed' when that re-index failed (the assistant
   * answers from what it had; the next change or sync tries again).
   */
  knowledge_update: z.enum(knowledgeUpdates),
  deployment_channels: z.array(z.enum(deploymentChannels)),
  conversation_settings: conversationSettingsSchema,
  crawl: crawlProgressSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The caller's role on this assistant (issue 12): 'owner' for their own; for one shared with a team
   * of theirs, their role there (the team's owner acts as admin). The browser hides what the role
   * cannot do; the server decides.
   */
  role: z.enum(teamRoles),
  /** The name of the team the assistant is shared with (null: not shared). */
  team_name: z.string().nullable(),
});
export type Chatbot = z.infer<typeof chatbotSchema>;
/** An assistant as stored, before the caller's role and its team's name are added. */
export type ChatbotFields = Omit<Chatbot, 'role' | 'team_name'>;
/** The caller's part of an assistant's answer. */
export type ChatbotAccess = Pick<Chatbot, 'role' | 'team_name'>;

/** POST /chatbots (create-chatbot): spec 000 "Assistant creation input". The owner comes from the token. */
/** A business's name as its assistant shows it (cards, demo page, widget): one line. */
export const businessNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your business name')
  .max(120, 'must be at most 120 characters')
  .refine(hasNoControlCharacters, 'Please enter the business name on one line, without control characters');

export const createChatbotRequestSchema = z.object({
  websiteUrl: websiteUrlSchema,
  /**
   * The name the owner confirmed in the creator (issue 30: read from the site by GET /site-details,
   * then confirmed or corrected). Absent: the server names the business from the site itself.
   */
  businessName: businessNameSchema.optional(),
  /** Sent by the spec's client; ignored, the server uses the signed-in user. */
  userId: z.string().optional(),
  agentName: z.string().trim().max(80).optional().transform((v) => v || DEFAULT_AGENT_NAME),
  agentPersonality: z.string().trim().max(500).optional().transform((v) => v || DEFAULT_AGENT_PERSONALITY),
  agentImage: imageUrl.optional().transform((v) => v ?? ''),
  primaryColor: color.optional().transform((v) => v ?? DEFAULT_PRIMARY_COLOR),
  secondaryColor: color.optional().transform((v) => v ?? DEFAULT_SECONDARY_COLOR),
  chatPosition: z.enum(chatPositions).optional().transform((v) => v ?? 'bottom-right'),
  chatStyle: z.enum(chatStyles).optional().transform((v) => v ?? 'modern'),
});
export type CreateChatbotRequest = z.input<typeof createChatbotRequestSchema>;

/** GET /site-details: the creator reads the business's name from its site before creating the assistant. */
export const siteDetailsQuerySchema = z.object({ websiteUrl: websiteUrlSchema });

export const siteDetailsResponseSchema = z.object({
  /** Where the home page was read, after redirects: what the assistant will be created from. */
  websiteUrl: z.string(),
  /** The name the site declares for its business (schema.org, og:site_name, logo, title), for the owner to confirm. */
  businessName: z.string(),
});
export type SiteDetailsResponse = z.infer<typeof siteDetailsResponseSchema>;

/** Spec 000 "Assistant creation result". Refusals are 4xx `{ error }` (403 'Subscription Required' / 'Limit Reached'). */
export const createChatbotResponseSchema = z.object({
  success: z.literal(true),
  chatbot: z.object({ id: z.string(), businessName: z.string(), websiteUrl: z.string(), embedCode: z.string() }),
});
export type CreateChatbotResponse = z.infer<typeof createChatbotResponseSchema>;

/** The refusal texts of spec 000 section 8, sent as `error` with status 403. */
export const QUOTA_ERRORS = {
  subscriptionRequired: 'Subscription Required',
  limitReached: 'Limit Reached',
} as const;

/** PATCH /chatbots/{id}: identity, colours, avatar, personality (Configure page and creator panel). */
export const updateChatbotRequestSchema = z
  .object({
    business_name: businessNameSchema,
    agent_name: z.string().trim().min(1).max(80),
    agent_personality: z.string().trim().max(500),
    agent_image: imageUrl,
    primary_color: color,
    secondary_color: color,
    chat_position: z.enum(chatPositions),
    chat_style: z.enum(chatStyles),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type UpdateChatbotRequest = z.infer<typeof updateChatbotRequestSchema>;

/** PUT /chatbots/{id}/active */
export const setChatbotActiveRequestSchema = z.object({ is_active: z.boolean() });

export const chatbotResponseSchema = z.object({ chatbot: chatbotSchema });
/** GET /chatbots?sort=: newest first (default) or by business name (assistant selectors). */
export const listChatbotsQuerySchema = z.object({ sort: z.enum(['newest', 'business_name']).default('newest') });

export const chatbotListResponseSchema = z.object({ chatbots: z.array(chatbotSchema) });

/** A page the crawl read, as the creator's scraped-pages card shows it. */
export const crawledPageSchema = z.object({ title: z.string(), url: z.string() });
export const crawlStatusResponseSchema = z.object({
  progress: crawlProgressSchema,
  training_quality: z.number().int(),
  training_status: z.enum(trainingStatuses),
  pages: z.array(crawledPageSchema),
  total_pages: z.number().int().nonnegative(),
});
export type CrawlStatusResponse = z.infer<typeof crawlStatusResponseSchema>;

/** How often an assistant reads its website again by itself (EventBridge Scheduler). */
export const syncFrequencies = ['never', 'daily', 'weekly'] as const;
export type SyncFrequency = (typeof syncFrequencies)[number];

/** One reading of the website in the assistant's sync history, newest first. */
export const syncHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(crawlKinds),
  /** Who started it: the creator, the owner ('Sync now', 'Retry failed pages') or the schedule. */
  trigger: z.enum(['create', 'manual', 'schedule']),
  stage: z.enum(crawlStages),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  changes: syncChangesSchema,
  /** Failed or with problems: why, for people. */
  error: z.string().nullable(),
});
export type SyncHistoryEntry = z.infer<typeof syncHistoryEntrySchema>;

/** GET /chatbots/{id}/sync: the schedule and the history of readings. */
export const syncSettingsResponseSchema = z.object({
  frequency: z.enum(syncFrequencies),
  /** When the schedule next reads the site (null: never). */
  next_sync_at: z.string().nullable(),
  history: z.array(syncHistoryEntrySchema),
});
export type SyncSettingsResponse = z.infer<typeof syncSettingsResponseSchema>;

/** PUT /chatbots/{id}/sync */
export const setSyncFrequencyRequestSchema = z.object({ frequency: z.enum(syncFrequencies) });

/** GET /chatbots/{id}/pages?search=&limit=: the pages the assistant learned, searchable by title and address. */
export const listCrawledPagesQuerySchema = z.object({
  search: z.string().trim().max(200).optional().transform((v) => v ?? ''),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const learnedPageSchema = z.object({ title: z.string(), url: z.string(), fetched_at: z.string() });
export const listCrawledPagesResponseSchema = z.object({
  pages: z.array(learnedPageSchema),
  /** Pages matching the search (all of them when there is none). */
  matching: z.number().int().nonnegative(),
  /** Pages the assistant learned. */
  total: z.number().int().nonnegative(),
});
export type ListCrawledPagesResponse = z.infer<typeof listCrawledPagesResponseSchema>;

/** POST /avatars/upload-url: presigned PUT for an image (spec: image types only, 5 MB max). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const avatarContentTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export const avatarUploadRequestSchema = z.object({
  contentType: z.enum(avatarContentTypes, { message: 'Please select an image file' }),
  size: z.number().int().positive().max(AVATAR_MAX_BYTES, 'Please select an image under 5MB'),
});
export const avatarUploadResponseSchema = z.object({
  uploadUrl: z.string().url(),
  /** Where the image is served from afterwards (set as agent_image). */
  publicUrl: z.string().url(),
  headers: z.record(z.string(), z.string()),
});
