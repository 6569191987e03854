/**
 * An answer as each surface can show it. The engine's answers (the offline responder's "More details:
 * [Title](url)", a model's markdown) are markdown-light; the web surfaces render links themselves
 * (frontend/src/lib/chat-links.ts, as text and safe anchors). Messaging apps show text as sent, and
 * speech reads everything: these give them plain text.
 */

/** `[label](url)`, the url allowed one level of balanced parentheses (Wikipedia-style addresses). */
const MARKDOWN_LINK = /\[([^[\]\n]*)\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))+)>?\s*\)/g;
const BARE_URL = /\b(?:https?:\/\/|mailto:|www\.)[^\s<>"`]*[^\s<>"`.,;:!?)'\]]/gi;
/** A link labelled with its own address. */
const ADDRESS = /^(?:https?:|mailto:|www\.)/i;
const STRONG = /\*\*(?=\S)([^*\n]*?\S)\*\*|__(?=\S)([^_\n]*?\S)__/g;
const EMPHASIS = /(^|[\s(])[*_](?=\S)([^*_\n]*?\S)[*_](?=[\s).,;:!?]|$)/g;
const HEADING = /^#{1,6}[ \t]+(.+?)[ \t]*#*$/gm;
const LIST_MARK = /^([ \t]*)[*+][ \t]+/gm;
const CODE = /`([^`\n]+)`/g;

/** The plain structure of markdown (headings, list marks, code marks) with `strong` rendering strong text. */
function plainMarkdown(text: string, strong: (words: string) => string): string {
  // Emphasis first: the strong text written below may itself be `*bold*`.
  return text
    .replace(LIST_MARK, '$1- ')
    .replace(EMPHASIS, (_, before: string, words: string) => `${before}${words}`)
    .replace(HEADING, (_, heading: string) => strong(heading))
    .replace(STRONG, (_, a: string | undefined, b: string | undefined) => strong((a ?? b)!))
    .replace(CODE, '$1');
}

/**
 * WhatsApp, Messenger and Instagram: plain text, each link as `Title: URL` (the apps link a bare URL;
 * a link after a colon goes on its own line), strong text as WhatsApp's `*bold*` there and plain elsewhere.
 */
export function channelText(text: string, platform: 'whatsapp' | 'messenger' | 'instagram'): string {
  const bold = platform === 'whatsapp' ? (words: string) => `*${words}*` : (words: string) => words;
  const linked = text.replace(MARKDOWN_LINK, (_, label: string, url: string, at: number, whole: string) => {
    const title = label.trim();
    const link = title && title !== url ? `${title}: ${url}` : url;
    return title && /:[ \t]*$/.test(whole.slice(0, at)) ? `\n${link}` : link;
  });
  return plainMarkdown(linked, bold).replace(/:[ \t]*\n/g, ':\n').trim();
}

/** Speech: no address is read out (a link says its title), nor any markdown. */
export function speechText(text: string): string {
  const titled = text.replace(MARKDOWN_LINK, (_, label: string) => (ADDRESS.test(label.trim()) || !label.trim() ? '' : label.trim()));
  return plainMarkdown(titled.replace(BARE_URL, 'the link'), (words) => words)
    .replace(/^[ \t]*-[ \t]+/gm, '')
    // A sentence left ending in a colon before nothing ("More details: ") ends there.
    .replace(/[ \t]*:[ \t]*(?=\n|$)/g, '.')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
