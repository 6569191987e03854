import type { ChatRequest, ChatResponse } from '../../contracts/chat.js';
import type { ConversationChannel } from '../../contracts/inbox.js';
import type { Caller } from '../access/authorize.js';
import type { ReplyOutcome } from '../analytics/chat-turn-analytics.js';
import type { prepareInboxAnnouncement } from '../realtime/inbox-updates.js';
import type { TransferNotice } from '../transfers/transfer-mail.js';
import type { WorkflowTriggers } from '../workflows/chat-triggers.js';
import type { StreamTarget } from './answer-stream.js';
import type { Contact } from './conversation-store.js';

/**
 * One message of a conversation, from a contact the caller has already established: a visitor by
 * their token (visitor-chat.ts) or the owner through their own routes (owner-chat.ts).
 */
export interface ChatTurn extends Contact {
  message: string;
  /**
   * The id the client gave this message (a channel's: the platform's message id): a repeat of it gets
   * the first turn's outcome and stores nothing new (turn-claim.ts).
   */
  clientMessageId?: string;
  contactName?: string;
  /** The customer's phone as their channel knows it (a WhatsApp sender): stored with a new conversation, and what workflows text or fill in. */
  contactPhone?: string;
  confirm?: ChatRequest['confirm'];
  /** A contact id the server just made up: there is no conversation to look for. */
  newContact?: boolean;
  /** The conversation the contact was in at their last reply (their visitor token says): read ahead, used if still theirs. */
  conversationHint?: string;
  /** The signed-in test chat: the caller must have the route's right on the assistant (core/access/authorize.ts). */
  caller?: Caller;
  /** Counts the turn against its limits, refusing with 429 before anything is stored. */
  countTurn(): Promise<void>;
  /** The Origin of the browser page a visitor writes from: a website must be one the owner allows. */
  pageOrigin?: string;
  /** Where a new conversation is said to come from (the inbox shows it); 'website' unless named. */
  channel?: ConversationChannel;
  /** Visitors' turns start the workflows they trigger (core/workflows/chat-triggers.ts); an owner's test chat none. */
  workflows?: WorkflowTriggers;
  /** Tells the agents of a new transfer (core/transfers/transfer-mail.ts); routes without e-mail pass none. */
  notifyAgents?: (notice: TransferNotice) => Promise<void>;
  /**
   * Tells the assistant's open inboxes of the turn once it is stored (core/realtime/inbox-updates.ts).
   * Passed in by the routes that have the realtime API, so the owner's test chat does not need it.
   */
  announceToInbox?: typeof prepareInboxAnnouncement;
  /**
   * The client listens on its socket for this message's answer (it sent `stream` with a client message
   * id): a model's answer is streamed there sentence by sentence (answer-stream.ts).
   */
  streamTo?: StreamTarget;
  /** How the reply answered (answered, fallback, ...), for counts of the caller's own (voice sessions). */
  onReplyOutcome?: (outcome: ReplyOutcome) => void;
}

export type ChatOutcome = ChatResponse | { error: string };

/** What the visitor sees when the AI provider fails; their message is kept. */
export const PROVIDER_FAILURE_MESSAGE = "Sorry, I can't answer right now. Please try again in a moment.";
