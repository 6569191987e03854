import { offlineAnswer } from '../../functions/core/chat/offline-responder.js';
import { chunkDocuments } from '../../functions/core/knowledge/chunk.js';
import type { KnowledgeDocument } from '../../functions/core/knowledge/knowledge-document.js';
import { withSiteWords } from '../../functions/core/knowledge/question-phrases.js';
import { buildSearchIndex, questionTermWeights, searchIndex } from '../../functions/core/knowledge/search-index.js';

/**
 * The offline reply to a visitor's message over these documents, as a chat turn makes it (the site's
 * words for the question, the best passages and their term weights), without its "More details" link;
 * empty when the fallback would be said.
 */
export function offlineReplyOf(
  message: string,
  documents: KnowledgeDocument[],
  { business, passages = 5, strictness = 5 }: { business: string; passages?: number; strictness?: number },
): string {
  const question = withSiteWords(message);
  const index = buildSearchIndex(chunkDocuments(documents));
  const knowledge = { passages: searchIndex(index, question, passages), termWeights: questionTermWeights(index, question) };
  return (offlineAnswer(question, knowledge, strictness, business).answer ?? '').split('\n\nMore details:')[0]!;
}

/** A crawled page of a made-up site, as the offline reply tests write them. */
export const page = (url: string, title: string, text: string): KnowledgeDocument => ({ id: url, source: 'page', title, url, text });
