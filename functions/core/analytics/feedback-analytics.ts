import { log } from '../runtime/log.js';
import { flagConversation } from './conversation-flags.js';
import { addToRollup } from './rollup-writes.js';

type Rating = 'up' | 'down';

/**
 * The rollup of a visitor's thumbs on a reply: counted in the hour of the reply it rates (so a changed
 * rating moves the count within the same hour); a first thumbs down in a conversation makes it
 * unresolved, counted when it happens. Logged, not passed on, when it fails: the rating is stored.
 */
export async function recordFeedback(args: {
  chatbotId: string;
  conversationId: string;
  /** When the rated reply was counted (its answered_at, or created_at for replies older than analytics). */
  replyAt: string;
  previous: Rating | undefined;
  rating: Rating;
  now: Date;
}): Promise<void> {
  if (args.previous === args.rating) return;
  try {
    // The thumbs and the conversation's mark are written at once; only a first thumbs down adds to unresolved.
    const flagged = async () => {
      if (args.rating !== 'down') return;
      const first = await flagConversation(args.conversationId, { unresolved: true }, args.now);
      if (first.unresolved) await addToRollup(args.chatbotId, args.now, { unresolved: 1 });
    };
    await Promise.all([
      addToRollup(args.chatbotId, new Date(args.replyAt), {
        [args.rating === 'up' ? 'thumbs_up' : 'thumbs_down']: 1,
        ...(args.previous && { [args.previous === 'up' ? 'thumbs_up' : 'thumbs_down']: -1 }),
      }),
      flagged(),
    ]);
  } catch (error) {
    log.error('Analytics rollup of a rating failed', { ...args, error });
  }
}
