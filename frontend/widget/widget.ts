import type { ChatRequest, PublicChatbot, VisitorConversationResponse } from '../../functions/contracts/chat.js';
import { MAX_CHAT_MESSAGE_CHARS, MAX_DELAY_MS } from '../../functions/contracts/chat-constants.js';
import { initialsOf } from '../../functions/contracts/takeover.js';
import { splitMessageLinks } from '../src/lib/chat-links.js';
import { loadConversation, saveConversation, type StoredMessage } from './history.js';
import { widgetCss } from './styles.js';
import { streamedText, type StreamPiece } from './answer-stream.js';
import { takeoverView } from './takeover.js';
import { listenForReplies, type VisitorSocket } from './visitor-socket.js';

const DEFAULT_PRIMARY = '#2563eb';
const DEFAULT_SECONDARY = '#1e40af';
const SVG_NS = 'http://www.w3.org/2000/svg';
/** A speech bubble (drawn, not an emoji: not every system has an emoji font). */
const CHAT_ICON = 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z';
/** A thumb up (drawn as an outline; the thumb down is the same shape turned over by CSS). */
const THUMB_ICON = 'M7 10v11M7 10l4-8a3 3 0 0 1 3 3v4h5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 17.7 21H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3';

function svgIcon(d: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const path = document.createElementNS(SVG_NS, 'path');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

export type WidgetBot = Pick<
  PublicChatbot,
  | 'business_name'
  | 'agent_name'
  | 'agent_image'
  | 'primary_color'
  | 'secondary_color'
  | 'chat_position'
  | 'chat_style'
  | 'welcome_message'
  | 'typing_indicator'
  | 'response_delay'
  | 'collect_feedback'
>;

/** One reply of the chat engine, as the widget uses it. */
export interface WidgetReply {
  message: string;
  conversationId: string;
  messageId: string;
  /** The reply is a question the visitor answers with Yes / No (requireConfirmation). */
  confirmation?: { action: 'handoff' };
  /** A person answers (or is awaited): `message` only acknowledges it (they answer from the inbox). */
  personAnswering?: true;
  /** The visitor asked for a person: a transfer waits for one. */
  transferRequested?: boolean;
}

/** What sending a message resolves to: the reply or the provider's error, with the renewed visitor token. */
export type WidgetOutcome = (WidgetReply | { error: string }) & { visitorToken: string };

export type Rating = 'up' | 'down';

/** The visitor's Yes / No to a confirmation question, as POST /chat takes it in `confirm`. */
export type ConfirmAnswer = NonNullable<ChatRequest['confirm']>;

export interface WidgetOptions {
  chatbotId: string;
  bot: WidgetBot;
  /** Base for a relative agent image (the product's origin, where `/avatars/*` is served). */
  assetOrigin: string;
  /**
   * Sends one visitor message (or a confirmation's Yes / No) with the visitor's token (none before the
   * first reply); rejects with the error text to show when the server could not take it.
   */
  send(message: string, visitorToken: string | undefined, confirm: ConfirmAnswer | undefined, sending: Sending): Promise<WidgetOutcome>;
  /** The realtime WebSocket's URL: a person's replies from the inbox arrive there live (absent: none arrive). */
  realtimeUrl?: string;
  /** Stores the visitor's thumbs up / down on a reply; rejects with the error text to show. */
  rate(reply: { conversationId: string; messageId: string }, visitorToken: string, rating: Rating): Promise<void>;
  /**
   * The visitor's conversation as the server has it (what a person answered while the page was closed
   * included); undefined when it cannot be read, and the widget keeps what it stored.
   */
  load(visitorToken: string): Promise<VisitorConversationResponse | undefined>;
  /**
   * A new visitor's token, asked for when they open the chat (never on page load), so their socket is
   * open by their first message and its answer streams like the others; undefined when it cannot be had.
   */
  start(): Promise<string | undefined>;
}

/** The message's client message id, and whether the answer may be streamed to the widget's socket. */
export interface Sending {
  clientMessageId: string;
  stream: boolean;
}

type Role = StoredMessage['role'] | 'error';

const BUBBLE: Record<Role, string> = { user: 'u', assistant: 'a', error: 'e', notice: 'v' };

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

const colour = (value: string | undefined, fallback: string) =>
  value && /^#[0-9a-f]{3,8}$/i.test(value.trim()) ? value.trim() : fallback;

/** The agent image as an absolute http(s) URL, or undefined. */
function imageUrl(value: string | undefined, base: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Text as text nodes and links as anchors that open a new tab; never HTML. */
export function renderMessageText(target: HTMLElement, text: string): void {
  for (const part of splitMessageLinks(text)) {
    if (part.type === 'text') {
      target.append(part.text);
    } else {
      const link = el('a', '', part.label);
      link.href = part.href;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      target.append(link);
    }
  }
}

/**
 * Builds the widget in a shadow root attached to `host`: a launcher button at the bot's position and a
 * chat window (closed until the visitor opens it). Returns the shadow root.
 */
export function mountWidget(host: HTMLElement, options: WidgetOptions): ShadowRoot {
  const { bot, chatbotId } = options;
  const agent = bot.agent_name || 'AI Assistant';
  const [vertical, horizontal] = (bot.chat_position || 'bottom-right').split('-');
  const shadow = host.attachShadow({ mode: 'open' });
  const state = loadConversation(chatbotId);
  const image = imageUrl(bot.agent_image, options.assetOrigin);

  const style = el('style');
  style.textContent = widgetCss;
  const root = el('div', `root s-${bot.chat_style || 'modern'} ${vertical === 'top' ? 't' : 'b'} ${horizontal === 'left' ? 'x' : 'r'}`);
  root.style.setProperty('--p', colour(bot.primary_color, DEFAULT_PRIMARY));
  root.style.setProperty('--s', colour(bot.secondary_color, DEFAULT_SECONDARY));

  const launcher = el('button', 'l');
  launcher.type = 'button';
  launcher.setAttribute('aria-label', `Chat with ${agent}`);
  launcher.setAttribute('aria-controls', 'w');
  const icon = () => launcher.replaceChildren(svgIcon(CHAT_ICON));
  if (image) {
    const img = el('img');
    img.alt = '';
    img.src = image;
    img.onerror = icon;
    launcher.append(img);
  } else icon();

  const win = el('section', 'w');
  win.id = 'w';
  win.setAttribute('role', 'dialog');
  win.setAttribute('aria-label', `Chat with ${agent}`);

  /** A decorative picture, gone if it cannot load (what is beside it names who it is). */
  const picture = (src: string) => {
    const img = el('img');
    img.alt = '';
    img.src = src;
    img.onerror = () => img.remove();
    return img;
  };
  const header = el('div', 'h');
  if (image) header.append(picture(image));
  const who = el('div');
  const name = el('div', 'n', agent);
  who.append(name, el('div', 'o', '● Online'));
  const close = el('button', 'c', '×');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close chat');
  header.append(who, close);

  const log = el('div', 'g');
  log.setAttribute('role', 'log');
  log.setAttribute('aria-live', 'polite');
  log.setAttribute('aria-label', `Conversation with ${agent}`);
  const typing = el('div', 'm y', 'typing...');
  typing.hidden = true;
  const personTyping = el('div', 'm y');
  personTyping.hidden = true;

  const form = el('form', 'f');
  const input = el('textarea');
  input.rows = 1;
  input.maxLength = MAX_CHAT_MESSAGE_CHARS;
  input.placeholder = 'Type your message...';
  input.setAttribute('aria-label', 'Type your message');
  const sendButton = el('button', 'd', '➤');
  sendButton.type = 'submit';
  sendButton.setAttribute('aria-label', 'Send message');
  form.append(input, sendButton);

  log.append(typing, personTyping);
  win.append(header, log, form);
  root.append(launcher, win);
  shadow.append(style, root);

  const scrollDown = () => {
    log.scrollTop = log.scrollHeight;
  };
  /** A person's face: their picture over their initials, which show when it has none or fails to load. */
  const face = (person: string, avatar?: string) => {
    const span = el('span', 'i', initialsOf(person));
    span.setAttribute('aria-hidden', 'true');
    const src = imageUrl(avatar, options.assetOrigin);
    if (src) span.append(picture(src));
    return span;
  };
  const show = (role: Role, text: string, person?: string, avatar?: string) => {
    // A person's reply is signed with their face and name (the assistant's are not).
    if (role === 'assistant' && person) {
      const label = log.insertBefore(el('div', 'p'), typing);
      label.append(face(person, avatar), el('span', '', person));
    }
    const bubble = el('div', role === 'notice' ? 'v' : `m ${BUBBLE[role]}`);
    if (role === 'assistant') renderMessageText(bubble, text);
    else bubble.textContent = text;
    // "Maria from Harbor Cafe joined the conversation", after her face.
    if (role === 'notice' && person) bubble.prepend(face(person, avatar));
    log.insertBefore(bubble, typing);
    scrollDown();
  };
  /** A row of buttons under the last message (thumbs, Yes / No). */
  const row = (className: string, label: string) => {
    const group = el('div', className);
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', label);
    log.insertBefore(group, typing);
    return group;
  };
  const button = (parent: HTMLElement, label: string, text = '') => {
    const b = el('button', '', text);
    b.type = 'button';
    if (!text) {
      b.setAttribute('aria-label', label);
      b.title = label;
    }
    parent.append(b);
    return b;
  };
  const save = () => saveConversation(chatbotId, state);

  /** Thumbs up / down under a reply the engine stored; a new choice replaces the previous one. */
  const feedback = (message: StoredMessage) => {
    const { id, conversationId } = message;
    if (!bot.collect_feedback || !id || !conversationId) return;
    const group = row('k', 'Rate this answer');
    const thumbs = (['up', 'down'] as const).map((rating) => {
      const thumb = button(group, rating === 'up' ? 'Helpful' : 'Not helpful');
      thumb.append(svgIcon(THUMB_ICON));
      thumb.addEventListener('click', async () => {
        const previous = message.rating;
        mark(rating);
        try {
          await options.rate({ conversationId, messageId: id }, state.visitorToken ?? '', rating);
          message.rating = rating;
          save();
        } catch (error) {
          mark(previous);
          show('error', error instanceof Error && error.message ? error.message : 'Your rating could not be saved.');
        }
      });
      return thumb;
    });
    const mark = (rating: Rating | undefined) =>
      thumbs.forEach((thumb, i) => thumb.setAttribute('aria-pressed', String(rating === (i ? 'down' : 'up'))));
    mark(message.rating);
  };
  const remember = (message: StoredMessage) => {
    show(message.role, message.text, message.person, message.avatar);
    if (message.role === 'assistant') feedback(message);
    state.messages.push(message);
    save();
  };

  const takeover = takeoverView({
    name,
    typing: personTyping,
    agent,
    notice: (text, person) => remember({ role: 'notice', text, ...(person && { person: person.name, avatar: person.avatar }) }),
  });
  /** The welcome message, then the conversation so far; the header names the person who joined last, if they still answer. */
  const showAll = () => {
    for (const node of Array.from(log.children)) if (node !== typing && node !== personTyping) node.remove();
    show('assistant', bot.welcome_message || `Hi there! I'm ${agent} from ${bot.business_name}. How can I help you today?`);
    for (const message of state.messages) {
      show(message.role, message.text, message.person, message.avatar);
      if (message.role === 'assistant') feedback(message);
    }
    takeover.answeredBy(state.messages.filter((m) => m.role === 'notice').pop()?.person);
  };
  showAll();
  /** Messages the visitor sent on this page: a conversation loaded before them would hide them. */
  let sent = 0;

  /**
   * Once the visitor has a conversation (a token), a person's replies from the inbox appear as the
   * business's replies the moment they are sent, without a reload.
   */
  let socket: VisitorSocket | undefined;
  /** The visitor's conversation (what their typing signal names). */
  let conversationId = state.messages.find((m) => m.conversationId)?.conversationId;
  const shownReplies = new Set<string>();
  /** Takes the streamed pieces of the answer the visitor is waiting for. */
  let onPiece: ((piece: StreamPiece) => void) | undefined;
  const listen = () => {
    if (socket || !options.realtimeUrl || !state.visitorToken) return;
    socket = listenForReplies(
      options.realtimeUrl,
      () => state.visitorToken,
      (reply) => {
        if (shownReplies.has(reply.message_id)) return;
        shownReplies.add(reply.message_id);
        typing.hidden = true;
        takeover.replyFrom(reply.person?.name);
        remember({ role: 'assistant', text: reply.content, ...(reply.person && { person: reply.person.name, avatar: reply.person.avatar }) });
      },
      (piece) => onPiece?.(piece),
      (event) => {
        conversationId = event.conversation_id;
        if ('message_id' in event) {
          if (shownReplies.has(event.message_id)) return;
          shownReplies.add(event.message_id);
        }
        takeover.on(event);
      },
    );
  };
  // A visitor with a conversation hears a person's replies even before opening the chat.
  if (state.messages.length) listen();

  /** The token being asked for (a new visitor opened the chat): the first message waits for it. */
  let starting: Promise<void> | undefined;
  /** The visitor opened the chat or typed: from now on their socket is open (a new visitor's token is asked for first). */
  const begin = () => {
    if (state.visitorToken) return listen();
    if (starting || !options.realtimeUrl) return;
    starting = options.start().then((token) => {
      if (token && !state.visitorToken) {
        state.visitorToken = token;
        save();
        listen();
      }
      // Not had: the first message goes without, as before (whole, not streamed); the next opening asks again.
      if (!token) starting = undefined;
    });
  };

  // What is stored here may miss replies a person sent while the page was closed: the server's copy wins.
  if (state.visitorToken && state.messages.length) {
    void options.load(state.visitorToken).then((conversation) => {
      if (!conversation || sent) return;
      conversationId = conversation.conversationId ?? conversationId;
      state.messages = conversation.messages.map((m) => {
        shownReplies.add(m.id);
        const rated = m.rateable && conversation.conversationId ? { id: m.id, conversationId: conversation.conversationId, rating: m.rating } : {};
        return { role: m.role, text: m.content, ...rated, ...(m.person && { person: m.person.name, avatar: m.person.avatar }) };
      });
      save();
      showAll();
    });
  }

  const setOpen = (open: boolean) => {
    win.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    if (open) {
      begin();
      scrollDown();
      input.focus();
    }
  };
  setOpen(false);

  let busy = false;
  /** The Yes / No of an open confirmation question; any next message closes it. */
  let question: HTMLElement | undefined;
  const resize = () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight + 2, 120)}px`;
  };
  const ask = (reply: WidgetReply) => {
    if (reply.confirmation?.action !== 'handoff') return;
    const group = (question = row('q', reply.message));
    button(group, 'Yes', 'Yes').addEventListener('click', () => void submit('Yes', 'handoff'));
    button(group, 'No', 'No').addEventListener('click', () => void submit('No', 'declined'));
    scrollDown();
  };
  const submit = async (typed = input.value, confirm?: ConfirmAnswer) => {
    const message = typed.trim().slice(0, MAX_CHAT_MESSAGE_CHARS);
    if (!message || busy) return;
    busy = true;
    sent++;
    takeover.messageSent();
    sendButton.disabled = true;
    question?.remove();
    if (!confirm) {
      input.value = '';
      resize();
    }
    remember({ role: 'user', text: message });
    const started = Date.now();
    const delay = Math.min(Number(bot.response_delay) || 0, MAX_DELAY_MS);
    typing.hidden = !bot.typing_indicator;
    scrollDown();
    // A new visitor's token is on its way: the message goes with it (its socket opening meanwhile).
    await starting;
    const clientMessageId = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    // The answer as it is written, in a bubble the final reply replaces (not before the owner's response delay).
    let partial: HTMLElement | undefined;
    const textOf = streamedText(clientMessageId);
    const pieceOf = (onPiece = (piece) => {
      const text = textOf(piece);
      const draw = () => {
        if (onPiece !== pieceOf || text === undefined) return;
        partial ??= log.insertBefore(el('div', 'm a'), typing);
        partial.replaceChildren();
        renderMessageText(partial, text);
        typing.hidden = true;
        scrollDown();
      };
      setTimeout(draw, started + delay - Date.now());
    });
    try {
      const outcome = await options.send(message, state.visitorToken, confirm, { clientMessageId, stream: socket !== undefined });
      // The reply is known: later pieces (another attempt's) are not drawn; the streamed text stays until the reply replaces it.
      onPiece = undefined;
      state.visitorToken = outcome.visitorToken;
      save();
      listen();
      if ('error' in outcome) throw new Error(outcome.error);
      const reply = outcome;
      conversationId = reply.conversationId;
      if (reply.personAnswering) {
        // "Your message is with the team": a line, not an answer (nor stored: the server does not keep it).
        partial?.remove();
        typing.hidden = true;
        takeover.waitForTeam();
        show('notice', reply.message);
        return;
      }
      if (reply.transferRequested) takeover.waitForTeam();
      const wait = delay - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      typing.hidden = true;
      // A question is answered with Yes / No, not rated.
      const rated = reply.confirmation ? {} : { id: reply.messageId, conversationId: reply.conversationId };
      partial?.remove();
      remember({ role: 'assistant', text: reply.message, ...rated });
      ask(reply);
    } catch (error) {
      onPiece = undefined;
      partial?.remove();
      typing.hidden = true;
      show('error', error instanceof Error && error.message ? error.message : 'Sorry, something went wrong. Please try again.');
    } finally {
      busy = false;
      sendButton.disabled = false;
    }
  };

  launcher.addEventListener('click', () => setOpen(win.hidden));
  close.addEventListener('click', () => {
    setOpen(false);
    launcher.focus();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !win.hidden) {
      event.stopPropagation();
      setOpen(false);
      launcher.focus();
    }
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void submit();
    }
  });
  input.addEventListener('input', () => {
    resize();
    begin();
    // While a person answers (or is awaited), their inbox shows the visitor typing.
    if (conversationId) takeover.typed(() => socket?.send({ action: 'typing', conversation_id: conversationId }));
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  return shadow;
}
