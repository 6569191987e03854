/**
 * The landing demo chat's canned replies (spec 000 section 4, 'Demo chat widget (landing)'): keyword
 * matched, no network calls. Facts come from the spec (free first assistant, 14-day trial, 99 pounds a
 * month for unlimited assistants, website embed and channels).
 */

export interface CannedReply {
  text: string;
  /** Offer the booking link under the reply (shown only when a booking URL is configured). */
  offerBooking?: boolean;
}

export interface DemoReplyContext {
  productName: string;
  trialDays: number;
  /** A booking URL is configured. */
  canBook: boolean;
}

interface Rule {
  keywords: readonly string[];
  reply: (context: DemoReplyContext) => CannedReply;
}

const RULES: readonly Rule[] = [
  {
    keywords: ['book', 'call', 'meeting', 'schedule', 'demo call', 'talk to', 'speak to', 'human', 'sales', 'contact'],
    reply: ({ canBook, productName }) =>
      canBook
        ? {
            text: "I'd love to show you more! Pick a time for a free 15-minute call with our team using the link below.",
            offerBooking: true,
          }
        : {
            text: `The quickest way to see ${productName} in action is to create your free assistant below: it takes a couple of minutes and needs no card.`,
          },
  },
  {
    keywords: ['price', 'pricing', 'cost', 'how much', 'free', 'trial', 'plan', 'pay', '£', 'subscription'],
    reply: ({ trialDays }) => ({
      text: `Your first AI assistant is free, and every account starts with a ${trialDays}-day free trial. After that, unlimited assistants cost £99 per month.`,
    }),
  },
  {
    keywords: ['how does', 'how do', 'work', 'setup', 'set up', 'start', 'create', 'build', 'get started'],
    reply: () => ({
      text: 'It takes three steps: 1) enter your website address and we read your pages, 2) test your assistant and correct any answer, 3) paste one line of code into your site. Your assistant then answers customers around the clock.',
    }),
  },
  {
    keywords: ['train', 'learn', 'knowledge', 'correct', 'accurate', 'answer'],
    reply: () => ({
      text: 'Your assistant learns from your website content. You can test it in the dashboard, edit any reply it gets wrong, and it remembers the correction for future conversations.',
    }),
  },
  {
    keywords: ['where', 'website', 'embed', 'install', 'deploy', 'whatsapp', 'instagram', 'messenger', 'channel', 'wordpress', 'shopify'],
    reply: () => ({
      text: 'You can add your assistant to any website with a single embed code (WordPress, Shopify, Wix and hand-made sites all work). Messaging channels like WhatsApp, Instagram and Messenger can be connected once it is well trained.',
    }),
  },
  {
    keywords: ['language', 'languages', 'voice', 'speak'],
    reply: () => ({
      text: 'Your assistant replies in the language your customers write in, and the Voice AI lets visitors talk to it too.',
    }),
  },
  {
    keywords: ['hello', 'hi', 'hey', 'good morning', 'good afternoon'],
    reply: ({ productName }) => ({
      text: `Hello! 👋 I'm here to show you what a ${productName} assistant can do. Ask me about pricing, how it works or where you can use it.`,
    }),
  },
  {
    keywords: ['thank', 'thanks', 'great', 'awesome', 'cool'],
    reply: () => ({ text: "You're welcome! Anything else you'd like to know?" }),
  },
];

function matches(text: string, keyword: string): boolean {
  // Short keywords match whole words only ('hi' must not match 'this').
  if (keyword.length <= 3 && /^[a-z]+$/.test(keyword)) return new RegExp(`\\b${keyword}\\b`).test(text);
  return text.includes(keyword);
}

/** The canned reply for a visitor's message. */
export function cannedReply(message: string, context: DemoReplyContext): CannedReply {
  const text = message.toLowerCase();
  const rule = RULES.find(({ keywords }) => keywords.some((keyword) => matches(text, keyword)));
  if (rule) return rule.reply(context);
  return {
    text: `Great question! This is a sample assistant, so my answers are limited. Create your own free assistant below and it will answer from your own website's content.`,
    offerBooking: context.canBook,
  };
}

/** Quick questions, shown while the chat holds only the greeting. */
export const QUICK_QUESTIONS = [
  'How does it work?',
  'How much does it cost?',
  'Where can I use it?',
  'Can I book a call?',
] as const;
