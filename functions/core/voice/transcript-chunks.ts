/**
 * The answer's text as transcript deltas, a sentence (or so) each: the browser shows it growing, and
 * with a voice provider each chunk can be spoken while the next is synthesised.
 */
export function transcriptChunks(text: string): string[] {
  const sentences = text.match(/[^.!?\n]+(?:[.!?]+|\n+|$)\s*/g) ?? [];
  const chunks = sentences.filter((s) => s.length > 0);
  return chunks.length ? chunks : text ? [text] : [];
}
