/**
 * `embed.js`: the script of the embed code an owner pastes into their site,
 *
 *   <script src="{product origin}/embed.js" data-chatbot-id="{id}" async></script>
 *
 * It finds its own script element, reads `/config.json` from the origin it was loaded from (for the
 * API's URL), then the bot's public profile, and mounts the widget in a shadow root. An inactive or
 * unknown bot (404), or one whose owner does not allow this page's domain (403), renders nothing. The
 * profile request carries the page's Origin: that is how the Deployment Center learns where it runs. No framework and no zod (types only): the budget is 12 KB gzip.
 */
import type { PublicChatbot } from '../../functions/contracts/chat.js';
import type { RuntimeConfig } from '../../functions/contracts/runtime-config.js';
import { mountWidget, type WidgetOptions } from './widget.js';

const TAG = '[chat widget]';

function ownScript(): HTMLScriptElement | undefined {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.chatbotId) return current;
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-chatbot-id]')).find((script) => {
    try {
      return new URL(script.src, location.href).pathname.endsWith('/embed.js');
    } catch {
      return false;
    }
  });
}

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    const text = body.error ?? body.message;
    if (typeof text === 'string' && text) return text;
  } catch {
    // Not JSON: fall through.
  }
  return response.status === 429
    ? 'Too many messages. Please wait a moment and try again.'
    : 'Sorry, something went wrong. Please try again.';
}

const UNREACHABLE = 'Could not reach the assistant.';

async function start(script: HTMLScriptElement): Promise<void> {
  const chatbotId = script.dataset.chatbotId?.trim();
  if (!chatbotId) return;
  // The same bot embedded twice on a page shows one widget.
  const marks = window as unknown as Record<string, boolean | undefined>;
  const mark = `__assistantWidget_${chatbotId}`;
  if (marks[mark]) return;
  marks[mark] = true;

  const origin = new URL(script.src, location.href).origin;
  const configResponse = await fetch(`${origin}/config.json`);
  if (!configResponse.ok) throw new Error(`config.json answered ${configResponse.status}`);
  const { apiUrl, realtimeUrl } = (await configResponse.json()) as Pick<RuntimeConfig, 'apiUrl' | 'realtimeUrl'>;
  const api = apiUrl.replace(/\/+$/, '');

  const profile = await fetch(`${api}/public/chatbots/${encodeURIComponent(chatbotId)}`);
  if (profile.status === 404) {
    console.warn(TAG, `Assistant ${chatbotId} is inactive or does not exist; the widget is not shown.`);
    return;
  }
  // The owner has switched the website channel off or not listed this page's domain.
  if (profile.status === 403) {
    console.warn(TAG, `Assistant ${chatbotId} is not allowed on ${location.origin}; the widget is not shown.`);
    return;
  }
  if (!profile.ok) throw new Error(`the assistant's profile answered ${profile.status}`);
  const { chatbot } = (await profile.json()) as { chatbot: PublicChatbot };

  /** POSTs to the API; a network failure or a refusal (other than `allowed`) rejects with the text to show the visitor. */
  const post = async (path: string, body: unknown, allowed: number[] = []): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      throw new Error(`${UNREACHABLE} Please check your connection and try again.`);
    }
    if (!response.ok && !allowed.includes(response.status)) throw new Error(await errorText(response));
    return response;
  };
  /**
   * POSTs again, with the same body (its client message id), after a network failure or a 502-504:
   * the server stores a message once and answers a repeat with the first outcome.
   */
  const postAgain = async (path: string, body: unknown, allowed: number[] = []): Promise<Response> => {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= 3;
      // Only a network failure (post's "Could not reach") is tried again, not a refusal.
      const response = await post(path, body, last ? allowed : [...allowed, 502, 503, 504]).catch((error: Error) => {
        if (last || !error.message.startsWith(UNREACHABLE)) throw error;
      });
      if (response && (last || response.status < 502 || response.status > 504)) return response;
      await new Promise((resolve) => setTimeout(resolve, attempt * 700));
    }
  };
  const send: WidgetOptions['send'] = async (message, visitorToken, confirm, { clientMessageId, stream }) => {
    const body = { message, chatbotId, visitorToken, clientMessageId, stream, contactName: 'Website Visitor', confirm };
    let response = await postAgain('/chat', body, visitorToken ? [401] : []);
    // A token that no longer verifies (expired, key replaced): the visitor starts a new conversation.
    if (response.status === 401) response = await postAgain('/chat', { ...body, visitorToken: undefined, confirm: undefined });
    // A provider failure is answered 200 with `{ error }` (the visitor's message is kept), token included.
    return (await response.json()) as Awaited<ReturnType<WidgetOptions['send']>>;
  };
  const rate: WidgetOptions['rate'] = async (reply, visitorToken, rating) => {
    await postAgain('/chat/feedback', { chatbotId, visitorToken, ...reply, rating });
  };

  const load: WidgetOptions['load'] = async (visitorToken) => {
    try {
      const response = await fetch(`${api}/public/chatbots/${encodeURIComponent(chatbotId)}/conversation`, {
        headers: { authorization: `Bearer ${visitorToken}` },
      });
      return response.ok ? ((await response.json()) as Awaited<ReturnType<WidgetOptions['load']>>) : undefined;
    } catch {
      return undefined;
    }
  };

  const start: WidgetOptions['start'] = async () => {
    try {
      const response = await post(`/public/chatbots/${encodeURIComponent(chatbotId)}/visitor`, {});
      return ((await response.json()) as { visitorToken?: string }).visitorToken;
    } catch {
      return undefined;
    }
  };

  const mount = () => {
    const host = document.createElement('assistant-widget');
    host.setAttribute('data-chatbot-id', chatbotId);
    document.body.append(host);
    mountWidget(host, { chatbotId, bot: chatbot, assetOrigin: origin, realtimeUrl, send, rate, load, start });
  };
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
}

const script = ownScript();
if (script) {
  start(script).catch((error: unknown) => {
    console.warn(TAG, 'Could not load the chat widget:', error instanceof Error ? error.message : error);
  });
}
