/**
 * Cuts an answer to `maxLength` characters at the last sentence end that fits (else the last word),
 * never in the middle of a link.
 */
export function limitAnswerLength(answer: string, maxLength: number): string {
  const text = answer.trim();
  if (text.length <= maxLength) return text;
  const window = text.slice(0, maxLength);
  const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '), window.lastIndexOf('.\n'));
  if (sentenceEnd > maxLength * 0.4) return window.slice(0, sentenceEnd + 1).trim();
  const wordEnd = window.lastIndexOf(' ');
  const cut = wordEnd > 0 ? window.slice(0, wordEnd) : window;
  const openLink = cut.search(/(https?:\/\/\S*|\[[^\]]*\]?\(?[^)]*)$/);
  return `${(openLink > 0 ? cut.slice(0, openLink) : cut).trimEnd()}…`;
}
