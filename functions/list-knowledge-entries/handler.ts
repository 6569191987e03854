import { KNOWLEDGE_LIST_PREVIEW_CHARS } from '../contracts/knowledge.js';
import { httpHandler } from '../core/http/http-handler.js';
import { visibleKnowledgeEntries } from '../core/knowledge/knowledge-access.js';
import { toKnowledgeEntry } from '../core/knowledge/knowledge-entries.js';

export const handler = httpHandler({ route: 'list-knowledge-entries' }, async ({ identity }) => ({
  entries: (await visibleKnowledgeEntries(identity.userId)).map((entry) => toKnowledgeEntry(entry, KNOWLEDGE_LIST_PREVIEW_CHARS)),
}));
