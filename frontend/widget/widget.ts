import type { PublicChatbot } from '../../functions/contracts/chat.js';
import { splitMessageLinks } from '../src/lib/chat-links.js';
import { loadConversation, saveConversation, type StoredMessage } from './history.js';
import { widgetCss } from './styles.js';

/** Same limit as the chat engine (MAX_CHAT_MESSAGE_CHARS in functions/contracts/chat.ts, which imports zod). */
export const MAX_MESSAGE_CHARS = 2000;
/** An owner's response delay is at most 5 s (conversation settings); never wait longer than this. */
const MAX_DELAY_MS = 10_000;
const DEFAULT_PRIMARY = '#2563eb';
const DEFAULT_SECONDARY = '#1e40af';
const SVG_NS = 'http://www.w3.org/2000/svg';
/** A speech bubble (drawn, not an emoji: not every system has an emoji font). */
const CHAT_ICON = 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z';

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
>;

export interface WidgetOptions {
  chatbotId: string;
  bot: WidgetBot;
  /** Base for a relative agent image (the product's origin, where `/avatars/*` is served). */
  assetOrigin: string;
  /** Sends one visitor message; resolves to the reply, rejects with the error text to show. */
  send(message: string, contactId: string): Promise<string>;
}

type Role = StoredMessage['role'] | 'error';

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
  const icon = () => {
    const svg = document.createElementNS(SVG_NS, 'svg');
    const path = document.createElementNS(SVG_NS, 'path');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    path.setAttribute('d', CHAT_ICON);
    svg.append(path);
    launcher.replaceChildren(svg);
  };
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

  const header = el('div', 'h');
  if (image) {
    const avatar = el('img');
    avatar.alt = '';
    avatar.src = image;
    avatar.onerror = () => avatar.remove();
    header.append(avatar);
  }
  const who = el('div');
  who.append(el('div', 'n', agent), el('div', 'o', '● Online'));
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

  const form = el('form', 'f');
  const input = el('textarea');
  input.rows = 1;
  input.maxLength = MAX_MESSAGE_CHARS;
  input.placeholder = 'Type your message...';
  input.setAttribute('aria-label', 'Type your message');
  const sendButton = el('button', 'd', '➤');
  sendButton.type = 'submit';
  sendButton.setAttribute('aria-label', 'Send message');
  form.append(input, sendButton);

  log.append(typing);
  win.append(header, log, form);
  root.append(launcher, win);
  shadow.append(style, root);

  const scrollDown = () => {
    log.scrollTop = log.scrollHeight;
  };
  const show = (role: Role, text: string) => {
    const bubble = el('div', `m ${role === 'user' ? 'u' : role === 'assistant' ? 'a' : 'e'}`);
    if (role === 'assistant') renderMessageText(bubble, text);
    else bubble.textContent = text;
    log.insertBefore(bubble, typing);
    scrollDown();
  };
  const remember = (role: StoredMessage['role'], text: string) => {
    show(role, text);
    state.messages.push({ role, text });
    saveConversation(chatbotId, state);
  };

  show('assistant', bot.welcome_message || `Hi there! I'm ${agent} from ${bot.business_name}. How can I help you today?`);
  for (const message of state.messages) show(message.role, message.text);

  const setOpen = (open: boolean) => {
    win.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    if (open) {
      scrollDown();
      input.focus();
    }
  };
  setOpen(false);

  let busy = false;
  const resize = () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight + 2, 120)}px`;
  };
  const submit = async () => {
    const message = input.value.trim().slice(0, MAX_MESSAGE_CHARS);
    if (!message || busy) return;
    busy = true;
    sendButton.disabled = true;
    input.value = '';
    resize();
    remember('user', message);
    const started = Date.now();
    typing.hidden = !bot.typing_indicator;
    scrollDown();
    try {
      const reply = await options.send(message, state.contactId);
      const wait = Math.min(Number(bot.response_delay) || 0, MAX_DELAY_MS) - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      typing.hidden = true;
      remember('assistant', reply);
    } catch (error) {
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
  input.addEventListener('input', resize);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  return shadow;
}
