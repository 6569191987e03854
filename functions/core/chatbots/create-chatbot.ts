import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Subscription } from '../../contracts/account.js';
import type { CreateChatbotResponse, createChatbotRequestSchema } from '../../contracts/chatbot.js';
import { DEFAULT_CONVERSATION_SETTINGS } from '../../contracts/chatbot.js';
import { getAccount } from '../accounts/account.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { HttpError } from '../http/http-error.js';
import type { Identity } from '../http/identity.js';
import { newRunId, startReading } from '../crawl/engine/start-reading.js';
import { requireEnv } from '../runtime/env.js';
import { log } from '../runtime/log.js';
import { newCrawlProgress } from './chatbot-record.js';
import { embedCode } from './embed-code.js';
import { businessNameFrom } from './business-name.js';
import { readSiteForAssistant } from './site-details.js';
import { checkAgentImage } from './public-image-url.js';
import { creationRefusal } from './quota.js';
import { creationCounter, creationsToday, dailyCreationCap, refuseOverDailyCap } from './daily-creations.js';

export type CreateChatbotInput = z.output<typeof createChatbotRequestSchema>;

const MAX_ATTEMPTS = 3;

type NewChatbot = Parameters<ReturnType<typeof db>['entities']['chatbot']['create']>[0];

/**
 * Counts the new assistant against the quota and the day's creations and creates it, in one
 * transaction: the counter only moves from the value this request saw, so of two parallel requests
 * at the limit one is refused.
 */
async function createWithinQuota(identity: Identity, item: NewChatbot, seen: Subscription): Promise<void> {
  let subscription = seen;
  for (let attempt = 1; ; attempt++) {
    const counted = subscription;
    const today = creationCounter(identity.userId);
    const cap = dailyCreationCap(counted);
    // ElectroDB reports a cancelled transaction in its result rather than by throwing.
    const { canceled } = await db()
      .transaction.write(({ subscription: subscriptions, chatbot, rateCounter }) => [
        subscriptions
          .patch({ user_id: identity.userId })
          .set({ chatbots_created: counted.chatbots_created + 1, updated_at: new Date().toISOString() })
          .where(
            (attr, op) =>
              `${op.eq(attr.chatbots_created, counted.chatbots_created)} AND ${op.eq(attr.subscribed, counted.subscribed)}`,
          )
          .commit(),
        chatbot.create(item).commit(),
        rateCounter
          .update(today.key)
          .add({ count: 1 })
          .set({ ttl: today.ttl })
          .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, cap)}`)
          .commit(),
      ])
      .go();
    if (!canceled) return;
    if (attempt === MAX_ATTEMPTS) throw new HttpError(409, 'The account changed while creating the assistant. Please try again.');
    // Another request changed a counter first: decide again on what is stored now.
    const [account, created] = await Promise.all([getAccount(identity), creationsToday(identity.userId)]);
    subscription = account.subscription;
    const refusal = creationRefusal(subscription);
    if (refusal) throw new HttpError(403, refusal);
    refuseOverDailyCap(identity.userId, subscription, created);
  }
}

/**
 * The owner's subscription with chatbots_created counting the assistants they have now. Accounts from
 * before deleting freed the slot counted every assistant ever created; they are corrected here (only
 * when the count refuses, so the usual creation reads nothing more).
 */
async function withCurrentCount(identity: Identity, subscription: Subscription): Promise<Subscription> {
  const { data } = await db()
    .entities.chatbot.query.byUser({ user_id: identity.userId })
    .go({ pages: 'all', attributes: ['chatbot_id'] });
  if (data.length >= subscription.chatbots_created) return subscription;
  try {
    await db()
      .entities.subscription.patch({ user_id: identity.userId })
      .set({ chatbots_created: data.length })
      .where((attr, op) => op.eq(attr.chatbots_created, subscription.chatbots_created))
      .go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
  return (await getAccount(identity)).subscription;
}

/**
 * create-chatbot: checks the site can be read (nothing is created if not), names the business as the
 * owner confirmed it (else as the site declares it), creates the assistant
 * within the owner's quota, then starts the crawl asynchronously.
 */
export async function createChatbot(identity: Identity, input: CreateChatbotInput, signal?: AbortSignal): Promise<CreateChatbotResponse> {
  checkAgentImage(input.agentImage);
  const [account, created] = await Promise.all([getAccount(identity), creationsToday(identity.userId)]);
  let subscription = account.subscription;
  if (creationRefusal(subscription)) subscription = await withCurrentCount(identity, subscription);
  const refusal = creationRefusal(subscription);
  if (refusal) throw new HttpError(403, refusal);
  refuseOverDailyCap(identity.userId, subscription, created);

  const metadata = await readSiteForAssistant(input.websiteUrl);

  const now = new Date();
  const chatbotId = randomUUID();
  const runId = newRunId();
  // The name the owner confirmed in the creator, else the one the site declares.
  const businessName = input.businessName ?? businessNameFrom(metadata, account.profile.business_name, metadata.finalUrl);
  const item: NewChatbot = {
    chatbot_id: chatbotId,
    user_id: identity.userId,
    business_name: businessName,
    agent_name: input.agentName,
    agent_personality: input.agentPersonality,
    agent_image: input.agentImage,
    primary_color: input.primaryColor,
    secondary_color: input.secondaryColor,
    chat_position: input.chatPosition,
    chat_style: input.chatStyle,
    website_url: metadata.finalUrl,
    is_active: true,
    training_quality: 0,
    training_status: 'untrained',
    deployment_channels: ['website'],
    conversation_settings: DEFAULT_CONVERSATION_SETTINGS,
    crawl: newCrawlProgress(now, 'crawl', runId),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  // Reading a slow site can use up the route's time: past it the answer was a failure, so no assistant.
  signal?.throwIfAborted();
  await createWithinQuota(identity, item, subscription);

  try {
    await startReading({ chatbot_id: chatbotId, kind: 'crawl', trigger: 'create' }, runId);
  } catch (error) {
    log.error('Crawl could not be started', { chatbotId, error });
    await db()
      .entities.chatbot.patch({ chatbot_id: chatbotId })
      .set({
        crawl: { ...newCrawlProgress(now, 'crawl', runId), stage: 'failed', error: 'Reading your website could not be started. Please try again.', finished_at: new Date().toISOString() },
      })
      .go();
  }

  const siteUrl = requireEnv('PUBLIC_SITE_URL');
  return {
    success: true,
    chatbot: { id: chatbotId, businessName, websiteUrl: metadata.finalUrl, embedCode: embedCode(siteUrl, chatbotId) },
  };
}
