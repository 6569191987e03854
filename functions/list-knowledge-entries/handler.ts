import { KNOWLEDGE_LIST_PREVIEW_CHARS } from '../contracts/knowledge.js';
import { httpHandler } from '../core/http/http-handler.js';
import { listKnowledgeEntries, toKnowledgeEntry } from '../core/knowledge/knowledge-entries.js';

export const handler = httpHandler({ route: 'list-knowledge-entries' }, async ({ identity }) => ({
  entries: (await listKnowledgeEntries(identity.userId)).map((entry) => toKnowledgeEntry(entry, KNOWLEDGE_LIST_PREVIEW_CHARS)),
}));
