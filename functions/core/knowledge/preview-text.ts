/** The text up to the last whole word within `maxChars`, marked as cut with '…'. */
export function previewText(content: string, maxChars: number): string {
  if (content.length <= maxChars) return content;
  const cut = content.slice(0, maxChars);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
