import { isStopWord } from '../knowledge/search-terms.js';

/**
 * A menu's key ("V vegetarian VG vegan GF gluten-free", "(GF) = Gluten free") defines codes that the page
 * then uses alone ("Dark chocolate pot de crème V GF: $10"). A visitor asks for gluten-free desserts, not
 * for "GF": each code the page's key defines is read with its meaning where it is used ("V (vegetarian)
 * GF (gluten-free)"), as a code with a tooltip is (page-structure.ts).
 */

/** One entry of a key: a code of capitals, then what it abbreviates, one to three words. */
const ENTRY = String.raw`\(?\b([A-Z]{1,4})\b\)?\s*(?:[=:–-]\s*)?([A-Za-z][a-z-]{2,}(?: [a-z][a-z-]*){0,2})`;
const SEPARATOR = String.raw`[ \t]*[,;·•|/]?[ \t]*`;
/** A line that is nothing but two or more entries. */
const keyLine = new RegExp(String.raw`^[ \t]*(?:${ENTRY}${SEPARATOR}){2,}$`, 'gm');
const MAX_KEY_LINE_CHARS = 160;

/** Whether `code` abbreviates `meaning`: its letters in order, the first one starting a word ("GF": "gluten-free", "VG": "vegan"). */
function abbreviates(code: string, meaning: string): boolean {
  const text = meaning.toLowerCase();
  const letters = code.toLowerCase();
  if (!new RegExp(String.raw`(?:^|[\s-])${letters[0]}`).test(text)) return false;
  let at = text.search(new RegExp(String.raw`(?:^|[\s-])${letters[0]}`));
  for (const letter of letters) {
    at = text.indexOf(letter, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** The codes a page's key lines define, each with its meaning; a line is a key only if every entry abbreviates its meaning. */
function keyOf(text: string): Map<string, string> {
  const codes = new Map<string, string>();
  for (const [line] of text.matchAll(keyLine)) {
    if (line.length > MAX_KEY_LINE_CHARS) continue;
    const found = [...line.matchAll(new RegExp(ENTRY, 'g'))].map(([, code, meaning]) => [code!, meaning!.toLowerCase()] as const);
    // A code that is also a word ("A", "I", "NO") would be read as a code in every sentence.
    const isKey = found.every(([code, meaning]) => abbreviates(code, meaning) && !isStopWord(code.toLowerCase()));
    if (isKey) for (const [code, meaning] of found) if (!codes.has(code)) codes.set(code, meaning);
  }
  return codes;
}

/** The page's markdown with each code its key defines followed by its meaning where the page uses it alone. */
export function withKeyMeanings(markdown: string): string {
  const codes = keyOf(markdown);
  if (codes.size < 2) return markdown;
  const alternatives = [...codes.keys()].sort((a, b) => b.length - a.length).join('|');
  // Not a code already explained: "GF (Gluten-free)" from a tooltip stays as it is.
  const used = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alternatives})(?![\p{L}\p{N}]|\s*\()`, 'gu');
  return markdown
    .split('\n')
    .map((line) => (keyOf(line).size ? line : line.replace(used, (code) => `${code} (${codes.get(code)})`)))
    .join('\n');
}
