import { MAX_DELAY_MS, type ChatRequest, type PublicChatbot } from '@contracts/chat';
import { DEFAULT_AGENT_NAME } from '@contracts/chatbot';
import { ArrowUpIcon, BotIcon, MessageCircleIcon, ThumbsDownIcon, ThumbsUpIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MessageText } from '@/chat/MessageText';
import { useRuntimeConfig } from '@/config/runtime-config';
import { ApiError, useApi } from '@/lib/api';
import { PersonAvatar } from '@/chat/PersonAvatar';
import { getVisitorConversation, newClientMessageId, rateChatMessage, sendVisitorMessage, startVisitor, trackDemoEvent } from '@/lib/chat-api';
import { cn } from '@/lib/cn';
import { TYPING_EVERY_MS, TYPING_SHOWN_MS } from '@contracts/takeover';
import { streamedText, type StreamPiece } from '../../widget/answer-stream';
import { listenForReplies, type VisitorSocket } from '../../widget/visitor-socket';

/** Spec 001 section 9: the chat window is 380x600 and opens by itself after 2000 ms. */
export const DEMO_CHAT_AUTO_OPEN_MS = 2000;
const DEMO_CONTACT_NAME = 'Demo Visitor';
/** Spec 000 section 9: demo tracking text is truncated to 100 characters. */
const TRACKED_TEXT_CHARS = 100;
const ERROR_TEXT = 'Sorry, I encountered an error. Please try again.';

type Rating = 'up' | 'down';

interface WidgetMessage {
  id: string;
  text: string;
  isBot: boolean;
  /** A failed reply: the red bubble, with the server's message when it sent one. */
  error?: string;
  /** A stored reply the visitor may rate (when the assistant collects feedback), and the rating given. */
  reply?: { conversationId: string; messageId: string };
  rating?: Rating;
  /** The reply asks the visitor to confirm a handoff: Yes / No until answered. */
  confirmHandoff?: boolean;
  /** A line rather than a bubble: a person joined, the assistant answers again, the message is with the team. */
  notice?: boolean;
  /** The person of the business who wrote this reply (or joined, on a notice), and their picture if they set one. */
  person?: string;
  avatar?: string;
}

function FeedbackButtons({ rating, onRate }: { rating?: Rating; onRate: (rating: Rating) => void }) {
  const thumb = (value: Rating, label: string, Icon: typeof ThumbsUpIcon) => (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={rating === value}
      onClick={() => onRate(value)}
      className={cn(
        'rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        rating === value && 'bg-muted text-primary',
      )}
    >
      <Icon className={cn('size-4', rating === value && 'fill-current/20')} aria-hidden="true" />
    </button>
  );
  return (
    <div role="group" aria-label="Rate this answer" className="-mt-2 flex gap-0.5">
      {thumb('up', 'Helpful', ThumbsUpIcon)}
      {thumb('down', 'Not helpful', ThumbsDownIcon)}
    </div>
  );
}

/**
 * The demo conversation's visitor token, kept for the tab (sessionStorage): a reload continues the
 * conversation and shows it again, a new tab starts another. Storage may be refused (private modes).
 */
const tokenKey = (chatbotId: string) => `demo-visitor-token:${chatbotId}`;
function storedToken(chatbotId: string): string | undefined {
  try {
    return window.sessionStorage.getItem(tokenKey(chatbotId)) ?? undefined;
  } catch {
    return undefined;
  }
}
function storeToken(chatbotId: string, token: string | undefined): void {
  try {
    if (token) window.sessionStorage.setItem(tokenKey(chatbotId), token);
    else window.sessionStorage.removeItem(tokenKey(chatbotId));
  } catch {
    // The conversation still works on this page.
  }
}

let nextId = 0;
const newId = () => `demo-msg-${Date.now()}-${++nextId}`;

function AgentAvatar({ chatbot, className }: { chatbot: PublicChatbot; className?: string }) {
  return (
    <span
      className={cn('flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-white/20', className)}
      aria-hidden="true"
    >
      {/* An icon, not an emoji: without an emoji font an emoji shows as an empty box. */}
      {chatbot.agent_image ? <img src={chatbot.agent_image} alt="" className="size-full object-cover" /> : <BotIcon className="size-3/5" />}
    </span>
  );
}

interface DemoChatWidgetProps {
  chatbot: PublicChatbot;
  /** One demo page visit (the analytics session). */
  sessionId: string;
  /** Called after each exchange, so the page can refresh its statistics. */
  onInteraction?: () => void;
}

/** The floating chat of the demo page (spec 001 section 2, 'Floating chat widget'). */
export function DemoChatWidget({ chatbot, sessionId, onInteraction }: DemoChatWidgetProps) {
  const api = useApi();
  const agent = chatbot.agent_name || DEFAULT_AGENT_NAME;
  const business = chatbot.business_name;
  const primary = chatbot.primary_color || '#2563eb';
  const secondary = chatbot.secondary_color || '#1e40af';
  const [open, setOpen] = useState(false);
  const [focusInput, setFocusInput] = useState(false);
  const [input, setInput] = useState('');
  const [waiting, setWaiting] = useState(false);
  /** The answer as it is streamed over the socket, until the reply replaces it. */
  const [partial, setPartial] = useState<string>();
  const onPiece = useRef<(piece: StreamPiece) => void>(undefined);
  const [messages, setMessages] = useState<WidgetMessage[]>(() => [
    { id: newId(), isBot: true, text: chatbot.welcome_message || `Hi there! I'm ${agent} from ${business}. How can I help you today?` },
  ]);
  /** The visitor token the server issued when the visitor started typing (or with the first reply): this visit's conversation. */
  const visitorToken = useRef<string | undefined>(storedToken(chatbot.id));
  /** Set with the first token: from then on a person's replies from the inbox arrive live. */
  const [hasConversation, setHasConversation] = useState(() => Boolean(visitorToken.current));
  /** Messages sent on this page: the conversation loaded after a reload must not hide them. */
  const sent = useRef(0);
  const { realtimeUrl } = useRuntimeConfig();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  /** The person answering (named in the header), and who of them is typing now. */
  const [person, setPerson] = useState<string>();
  const [personTyping, setPersonTyping] = useState<string>();
  /** A person answers or is awaited: the visitor's typing is signalled to the inbox. */
  const withTeam = useRef(false);
  const conversationId = useRef<string | undefined>(undefined);
  const socket = useRef<VisitorSocket | undefined>(undefined);
  const lastTyped = useRef(0);

  // After a reload: the conversation so far, a person's replies from the inbox included.
  useEffect(() => {
    const token = visitorToken.current;
    if (!token) return;
    const controller = new AbortController();
    getVisitorConversation(api, chatbot.id, token, controller.signal)
      .then(({ conversationId: storedId, messages: stored }) => {
        if (sent.current) return;
        conversationId.current = storedId ?? undefined;
        setMessages((list) => [
          list[0]!,
          ...stored.map((m) => ({
            id: m.id,
            isBot: m.role !== 'user',
            text: m.content,
            reply: m.rateable && storedId ? { conversationId: storedId, messageId: m.id } : undefined,
            rating: m.rating,
            notice: m.role === 'notice',
            person: m.person?.name,
            avatar: m.person?.avatar,
          })),
        ]);
        // The person who joined last answers still, unless the assistant was handed the conversation back.
        const joined = stored.filter((m) => m.role === 'notice').pop()?.person?.name;
        setPerson(joined);
        withTeam.current = joined !== undefined;
      })
      .catch((error: unknown) => {
        // Expired or no longer verifying: the next message starts a new conversation.
        if (!(error instanceof ApiError && error.status === 401) || sent.current) return;
        visitorToken.current = undefined;
        storeToken(chatbot.id, undefined);
      });
    return () => controller.abort();
  }, [api, chatbot.id]);

  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(true), DEMO_CHAT_AUTO_OPEN_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (open && focusInput) {
      inputRef.current?.focus();
      setFocusInput(false);
    }
  }, [open, focusInput]);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, waiting, open]);

  useEffect(() => {
    if (!hasConversation) return;
    const shown = new Set<string>();
    let hideTyping: number | undefined;
    const stopTyping = () => {
      window.clearTimeout(hideTyping);
      setPersonTyping(undefined);
    };
    const listening = listenForReplies(
      realtimeUrl,
      () => visitorToken.current,
      (reply) => {
        if (shown.has(reply.message_id)) return;
        shown.add(reply.message_id);
        stopTyping();
        if (reply.person) {
          setPerson(reply.person.name);
          withTeam.current = true;
        }
        setMessages((list) => [...list, { id: reply.message_id, isBot: true, text: reply.content, person: reply.person?.name, avatar: reply.person?.avatar }]);
      },
      (piece) => onPiece.current?.(piece),
      (event) => {
        conversationId.current = event.conversation_id;
        if (event.type === 'person_typing') {
          setPersonTyping(event.person.name);
          window.clearTimeout(hideTyping);
          hideTyping = window.setTimeout(stopTyping, TYPING_SHOWN_MS);
          return;
        }
        if (shown.has(event.message_id)) return;
        shown.add(event.message_id);
        stopTyping();
        const joined = event.type === 'person_joined' ? event.person : undefined;
        setPerson(joined?.name);
        withTeam.current = joined !== undefined;
        setMessages((list) => [...list, { id: event.message_id, isBot: true, text: event.content, notice: true, person: joined?.name, avatar: joined?.avatar }]);
      },
    );
    socket.current = listening;
    return () => {
      window.clearTimeout(hideTyping);
      socket.current = undefined;
      listening();
    };
  }, [hasConversation, realtimeUrl]);

  /** A new visitor's token being asked for: their first message waits for it. */
  const starting = useRef<Promise<void>>(undefined);
  /**
   * The visitor starts writing: a new visitor gets their token now (their socket opens with it), so the
   * first answer streams like the others. Not on page load: a visitor who never writes costs nothing.
   */
  const begin = () => {
    if (visitorToken.current || starting.current) return;
    starting.current = startVisitor(api, chatbot.id).then(
      (token) => {
        if (visitorToken.current) return;
        visitorToken.current = token;
        storeToken(chatbot.id, token);
        setHasConversation(true);
      },
      // Not had: the first message goes without, as before (whole, not streamed); the next keystroke asks again.
      () => void (starting.current = undefined),
    );
  };

  /** The visitor types: while a person answers (or is awaited), their inbox is told, at most every few seconds. */
  const typed = () => {
    const now = Date.now();
    if (!withTeam.current || !conversationId.current || now - lastTyped.current < TYPING_EVERY_MS) return;
    lastTyped.current = now;
    socket.current?.send({ action: 'typing', conversation_id: conversationId.current });
  };

  const toggle = () => {
    setFocusInput(!open);
    setOpen(!open);
  };

  const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));
  const closeQuestion = () => setMessages((list) => list.map((m) => (m.confirmHandoff ? { ...m, confirmHandoff: false } : m)));

  /** One exchange with the engine: `text` is what the visitor said, `confirm` their Yes / No to a handoff question. */
  const exchange = async (text: string, confirm?: ChatRequest['confirm']) => {
    closeQuestion();
    sent.current++;
    // A message ends the visitor's typing in the inbox: their next keystroke is a new burst, told at once.
    lastTyped.current = 0;
    setMessages((list) => [...list, { id: newId(), isBot: false, text }]);
    setWaiting(true);
    const started = Date.now();
    const responseDelay = Math.min(chatbot.response_delay, MAX_DELAY_MS);
    const clientMessageId = newClientMessageId();
    const textOf = streamedText(clientMessageId);
    const pieceOf = (onPiece.current = (piece) => {
      const text = textOf(piece);
      if (text === undefined) return;
      // Not before the owner's response delay; nothing once the reply is known.
      window.setTimeout(() => onPiece.current === pieceOf && setPartial(text), started + responseDelay - Date.now());
    });

    const tracked = trackDemoEvent(api, {
      chatbot_id: chatbot.id,
      event_type: 'demo_interaction',
      session_id: sessionId,
      metadata: { message_content: text.slice(0, TRACKED_TEXT_CHARS), timestamp: new Date().toISOString() },
    });
    try {
      // A new visitor's token is on its way: the message goes with it (its socket opening meanwhile).
      await starting.current;
      const reply = await sendVisitorMessage(api, {
        message: text,
        chatbotId: chatbot.id,
        visitorToken: visitorToken.current,
        contactName: DEMO_CONTACT_NAME,
        confirm,
        clientMessageId,
        // The socket is open once the visitor has a token: the answer is streamed there.
        stream: visitorToken.current !== undefined,
      });
      onPiece.current = undefined;
      visitorToken.current = reply.visitorToken;
      storeToken(chatbot.id, reply.visitorToken);
      setHasConversation(true);
      if ('error' in reply) throw new Error(reply.error);
      conversationId.current = reply.conversationId;
      // A person answers (or is awaited): the message went to their inbox, and the visitor is told so.
      if (reply.personAnswering) {
        withTeam.current = true;
        setMessages((list) => [...list, { id: newId(), isBot: true, text: reply.message, notice: true }]);
        return;
      }
      if (reply.transferRequested) withTeam.current = true;
      if (!reply.message) throw new Error('The assistant sent an empty reply.');
      // The owner's response delay counts from the visitor's message (Conversation Controls).
      const delay = responseDelay - (Date.now() - started);
      if (delay > 0) await wait(delay);
      const question = reply.confirmation?.action === 'handoff';
      setMessages((list) => [
        ...list,
        {
          id: newId(),
          isBot: true,
          text: reply.message,
          reply: question ? undefined : { conversationId: reply.conversationId, messageId: reply.messageId },
          confirmHandoff: question,
        },
      ]);
    } catch (error) {
      const detail = error instanceof Error ? error.message : undefined;
      setMessages((list) => [...list, { id: newId(), isBot: true, text: ERROR_TEXT, error: detail ?? '' }]);
    } finally {
      onPiece.current = undefined;
      setPartial(undefined);
      setWaiting(false);
      inputRef.current?.focus();
    }
    await tracked;
    onInteraction?.();
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = input.trim();
    if (!text || waiting) return;
    setInput('');
    await exchange(text);
  };

  const rate = async (message: WidgetMessage, rating: Rating) => {
    if (!message.reply) return;
    const setRating = (value: Rating | undefined) =>
      setMessages((list) => list.map((m) => (m.id === message.id ? { ...m, rating: value } : m)));
    const previous = message.rating;
    setRating(rating);
    try {
      if (!visitorToken.current) throw new Error('This conversation has no reply to rate yet.');
      await rateChatMessage(api, { chatbotId: chatbot.id, visitorToken: visitorToken.current, ...message.reply, rating });
    } catch (error) {
      setRating(previous);
      const detail = error instanceof Error ? error.message : '';
      setMessages((list) => [...list, { id: newId(), isBot: true, text: 'Your rating could not be saved.', error: detail }]);
    }
  };

  return (
    <>
      {open && (
        <section
          aria-label={`Chat with ${agent}`}
          className="fixed right-4 bottom-24 z-50 flex h-[600px] max-h-[calc(100svh-7rem)] w-[380px] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border bg-background shadow-2xl sm:right-6"
          data-testid="demo-chat-window"
        >
          <header
            className="flex items-center gap-3 px-4 py-3 text-white"
            style={{ background: `linear-gradient(135deg, ${primary}, ${secondary})` }}
          >
            <AgentAvatar chatbot={chatbot} className="size-10 text-xl" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold" data-testid="demo-chat-name">
                {person ?? agent}
              </p>
              <p className="text-xs opacity-90">● Online</p>
            </div>
            <button
              type="button"
              aria-label="Close chat"
              onClick={() => setOpen(false)}
              className="rounded-full p-1.5 hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
            >
              <XIcon className="size-5" aria-hidden="true" />
            </button>
          </header>

          <div ref={listRef} role="log" aria-live="polite" aria-label="Messages" className="flex flex-1 flex-col gap-3 overflow-y-auto bg-muted/30 p-4">
            {messages.map((message) =>
              message.notice ? (
                <p key={message.id} role="status" className="flex items-center gap-1.5 self-center text-center text-xs text-muted-foreground">
                  {message.person && <PersonAvatar name={message.person} avatar={message.avatar} />}
                  {message.text}
                </p>
              ) : (
              <div key={message.id} className={cn('flex flex-col gap-1', message.isBot ? 'items-start' : 'items-end')}>
                {message.person && (
                  <span className="ml-1 flex items-center gap-1 text-[11px] font-semibold text-muted-foreground">
                    <PersonAvatar name={message.person} avatar={message.avatar} />
                    {message.person}
                  </span>
                )}
                <div
                  className={cn(
                    'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap shadow-xs',
                    message.error !== undefined
                      ? 'rounded-bl-sm border border-red-200 bg-red-50 text-red-700'
                      : message.isBot
                        ? 'rounded-bl-sm bg-background text-foreground'
                        : 'rounded-br-sm text-white',
                  )}
                  style={message.isBot ? undefined : { backgroundColor: primary }}
                  role={message.error !== undefined ? 'alert' : undefined}
                >
                  {message.error !== undefined ? (
                    <>
                      {message.text}
                      {message.error && <span className="mt-1 block text-xs opacity-90">{message.error}</span>}
                    </>
                  ) : message.isBot ? (
                    <MessageText text={message.text} />
                  ) : (
                    message.text
                  )}
                </div>
                {chatbot.collect_feedback && message.reply && (
                  <FeedbackButtons rating={message.rating} onRate={(rating) => void rate(message, rating)} />
                )}
                {message.confirmHandoff && (
                  <div role="group" aria-label={message.text} className="flex gap-2">
                    <button
                      type="button"
                      onClick={() => void exchange('Yes', 'handoff')}
                      disabled={waiting}
                      className="rounded-full px-4 py-1.5 text-sm font-semibold text-white disabled:opacity-50"
                      style={{ backgroundColor: primary }}
                    >
                      Yes
                    </button>
                    <button
                      type="button"
                      onClick={() => void exchange('No', 'declined')}
                      disabled={waiting}
                      className="rounded-full border bg-background px-4 py-1.5 text-sm font-semibold disabled:opacity-50"
                      style={{ borderColor: primary, color: primary }}
                    >
                      No
                    </button>
                  </div>
                )}
              </div>
              ),
            )}
            {partial && (
              <div className="flex justify-start">
                <div className="max-w-[85%] rounded-2xl rounded-bl-sm bg-background px-3.5 py-2 text-sm break-words whitespace-pre-wrap text-foreground shadow-xs">
                  <MessageText text={partial} />
                </div>
              </div>
            )}
            {personTyping && !waiting && (
              <div className="flex justify-start">
                <div role="status" className="rounded-2xl rounded-bl-sm bg-background px-3.5 py-2 text-sm text-muted-foreground italic shadow-xs">
                  {personTyping} is typing...
                </div>
              </div>
            )}
            {waiting && !partial && chatbot.typing_indicator && (
              <div className="flex justify-start">
                <div role="status" className="rounded-2xl rounded-bl-sm bg-background px-3.5 py-2 text-sm text-muted-foreground italic shadow-xs">
                  typing...
                </div>
              </div>
            )}
          </div>

          <form onSubmit={(event) => void send(event)} className="flex items-center gap-2 border-t p-3">
            <label htmlFor="demo-chat-input" className="sr-only">
              Your message
            </label>
            <input
              id="demo-chat-input"
              ref={inputRef}
              value={input}
              onFocus={begin}
              onChange={(event) => {
                setInput(event.target.value);
                begin();
                typed();
              }}
              placeholder="Type your message..."
              autoComplete="off"
              maxLength={2000}
              className="h-10 min-w-0 flex-1 rounded-full border border-input bg-transparent px-4 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
            <button
              type="submit"
              aria-label="Send message"
              disabled={waiting}
              className="flex size-10 shrink-0 items-center justify-center rounded-full text-white transition-opacity disabled:opacity-50"
              style={{ backgroundColor: primary }}
            >
              <ArrowUpIcon className="size-5" aria-hidden="true" />
            </button>
          </form>
        </section>
      )}

      <button
        type="button"
        onClick={toggle}
        aria-label={open ? 'Hide chat' : 'Open chat'}
        aria-expanded={open}
        className="fixed right-4 bottom-4 z-50 flex size-16 items-center justify-center overflow-hidden rounded-full text-3xl text-white shadow-xl transition-transform hover:scale-105 focus-visible:ring-4 focus-visible:ring-ring/50 focus-visible:outline-none sm:right-6"
        style={{ background: `linear-gradient(135deg, ${primary}, ${secondary})` }}
      >
        {chatbot.agent_image ? (
          <img src={chatbot.agent_image} alt="" className="size-full object-cover" />
        ) : (
          <MessageCircleIcon className="size-8" aria-hidden="true" />
        )}
      </button>
    </>
  );
}
