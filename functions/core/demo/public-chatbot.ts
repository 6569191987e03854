import type { PublicChatbot } from '../../contracts/chat.js';
import { db } from '../data/db.js';
import { notFound } from '../http/http-error.js';
import { toChatbotFields } from '../chatbots/chatbot-record.js';
import { foreignOrigin, requireEmbedAllowed } from '../channels/embed-origin.js';
import { recordWidgetOrigin } from '../channels/widget-origins.js';

/**
 * The spec's `chatbots_demo_safe`: what anyone may read about an active assistant, nothing more. A page
 * on someone's website (`origin`, the embed widget loading) must be one the owner allows, and is
 * noted as where the widget runs.
 */
export async function publicChatbot(chatbotId: string, origin?: string): Promise<PublicChatbot> {
  const { data } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  if (!data || data.is_active === false) throw notFound("This chatbot is either inactive or doesn't exist.");
  requireEmbedAllowed(data, origin);
  const page = foreignOrigin(origin);
  if (page) await recordWidgetOrigin(chatbotId, page);
  const bot = toChatbotFields(data);
  return {
    id: bot.id,
    business_name: bot.business_name,
    agent_name: bot.agent_name,
    agent_personality: bot.agent_personality,
    agent_image: bot.agent_image,
    primary_color: bot.primary_color,
    secondary_color: bot.secondary_color,
    chat_position: bot.chat_position,
    chat_style: bot.chat_style,
    // Stored addresses are http(s) (checked on write and by the crawl); a link of any other scheme is never shown.
    website_url: /^https?:\/\//i.test(bot.website_url) ? bot.website_url : '',
    is_active: bot.is_active,
    training_quality: bot.training_quality,
    training_status: bot.training_status,
    welcome_message: bot.conversation_settings.welcomeMessage,
    typing_indicator: bot.conversation_settings.typingIndicatorEnabled,
    response_delay: bot.conversation_settings.responseDelay,
    collect_feedback: bot.conversation_settings.collectFeedback,
  };
}
