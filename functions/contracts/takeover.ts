/**
 * A person visibly taking a conversation over (issue 28): what the visitor is told, and the realtime
 * events that carry it. The same texts reach WhatsApp, Messenger and Instagram customers as messages.
 * No zod here: the embed widget imports these values (its budget is 12 KB gzip).
 */

/** Told to the visitor when a person takes the conversation over (owner's reply, Take over, an accepted transfer). */
export const personJoinedText = (name: string, business: string): string =>
  business ? `${name} from ${business} joined the conversation` : `${name} joined the conversation`;

/** The answer to each visitor message while a transfer waits or a person answers: no assistant answer, and not silence. */
export const WITH_TEAM_TEXT = 'Your message is with the team';

/** Told to the visitor when the conversation is handed back to the assistant (or resolved). */
export const ASSISTANT_BACK_TEXT = 'The assistant is answering again';

/** What a notice of who answers is stored as (message_type of a system message): the visitor's history shows these and no other system message. */
export const TAKEOVER_NOTICE = 'takeover';

/** How long a typing indicator shows after the last typing event (a client sends one at most every TYPING_EVERY_MS while typing). */
export const TYPING_SHOWN_MS = 6_000;
export const TYPING_EVERY_MS = 3_000;

/** A person of the business as the visitor sees them: their name, and their avatar if they set one. */
export interface PersonShown {
  name: string;
  avatar?: string;
}

/** What stands for a person without a picture: their initials ("Maria Lopez" -> "ML", "maria" -> "M"). */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('') || '?';

/** Events on the realtime socket about who answers a conversation, and who is typing. */
export type TakeoverEvent =
  /** To the visitor: a person took the conversation over (stored too, as a notice). */
  | { type: 'person_joined'; conversation_id: string; message_id: string; content: string; person: PersonShown; created_at: string }
  /** To the visitor: the assistant answers again (stored too, as a notice). */
  | { type: 'handed_back'; conversation_id: string; message_id: string; content: string; created_at: string }
  /** To the visitor: the person answering is typing. */
  | { type: 'person_typing'; conversation_id: string; person: PersonShown }
  /** To the inboxes of the assistant's readers: the visitor of this conversation is typing. */
  | { type: 'visitor_typing'; chatbot_id: string; conversation_id: string };
