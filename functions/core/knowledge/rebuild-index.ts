import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { log } from '../runtime/log.js';
import { loadProviderKeys } from '../runtime/provider-keys.js';
import { recomputeTrainingQuality } from '../training/recompute-quality.js';
import { buildKnowledgeIndex, type BuiltKnowledgeIndex, type KnowledgeIndexOptions } from './index-knowledge.js';
import { deleteAllIndexes, deleteIndexVersionsExcept, loadIndexChunkVectors, loadManifest, newIndexVersion, saveIndex } from './index-store.js';
import { SITE_DETAILS_TITLE, siteDetailsDocumentId, type KnowledgeDocument } from './knowledge-document.js';
import { entriesForChatbot } from './knowledge-entries.js';

export type RebuildOptions = KnowledgeIndexOptions & {
  /** Epoch ms by which embedding stops (see reindex-deadline.ts); none for the crawl, which has minutes. */
  deadline?: number;
  /**
   * What a crawl or sync changed, by document id (a page's URL; `entry:<id>` for entries): upserted
   * documents are chunked and embedded afresh, removed ones leave the index. Without it every
   * document is compared with the live index by digest, which finds the same changes at the cost of
   * hashing every document's text; either way unchanged documents keep their stored segments.
   */
  changes?: { upserted: string[]; removed: string[] };
};

export type RebuildResult =
  | { version: string; documents: number; chunks: number; rebuiltDocuments: number; vectors?: BuiltKnowledgeIndex['vectors'] }
  | { skipped: 'gone' | 'superseded' };

/** Publishing on top of a live version that moved meanwhile starts over from the new one, this often. */
const MAX_ATTEMPTS = 3;

/**
 * Everything an assistant answers from: its crawled pages and the owner's active knowledge entries
 * for it or for all assistants. The one place that decides what goes into an index.
 */
export async function knowledgeDocumentsOf(chatbotId: string, userId: string): Promise<KnowledgeDocument[]> {
  const [{ data: pages }, entries] = await Promise.all([
    db().entities.crawledPage.query.byChatbot({ chatbot_id: chatbotId }).go({ pages: 'all' }),
    entriesForChatbot(userId, chatbotId),
  ]);
  pages.sort((a, b) => a.position - b.position);
  const pageDocuments = pages.map((page): KnowledgeDocument => ({ id: page.url, source: 'page', title: page.title, url: page.url, text: page.text }));
  const siteDocument = siteWideDocument(pages);
  const entryDocuments = entries
    .filter((entry) => entry.is_active)
    .map((entry): KnowledgeDocument => ({
      id: `entry:${entry.entry_id}`,
      source: 'entry',
      title: entry.title,
      text: entry.type === 'faq' ? `## ${entry.title}\n\n${entry.content}` : entry.content,
      type: entry.type,
      // A link entry whose content is an address cites it like a page.
      ...(entry.type === 'link' && /^https?:\/\/\S+$/.test(entry.content.trim()) ? { url: entry.content.trim() } : {}),
    }));
  return [...pageDocuments, ...(siteDocument ? [siteDocument] : []), ...entryDocuments];
}

/**
 * The site's header and footer blocks (address, phone, e-mail, hours), as one document: every page
 * repeats them, so they are kept once, cited as the home page. Blocks that differ between pages
 * (a footer that changed) are each kept.
 */
function siteWideDocument(pages: readonly { url: string; site_text?: string }[]): KnowledgeDocument | undefined {
  const blocks = [...new Set(pages.map((page) => page.site_text?.trim()).filter((text): text is string => Boolean(text)))];
  if (!blocks.length) return undefined;
  const home = pages[0]!.url;
  return { id: siteDetailsDocumentId(new URL(home).origin), source: 'page', title: SITE_DETAILS_TITLE, url: home, text: blocks.join('\n\n') };
}

/**
 * Re-reads an assistant's knowledge, builds and publishes a new index version, and recomputes its
 * training quality. Documents unchanged since the live version keep its segments: a change of one
 * page writes one small segment and a manifest, not the whole index.
 *
 * Concurrent rebuilds are safe. The version is named when the sources are about to be read, so
 * versions sort in the order their sources were read; a rebuild publishes only a version newer than
 * the live one, so the live index never goes back in time. A version reusing the live version's
 * segments publishes only while that version is still live (else it starts over from the new one):
 * clean-up after publishing deletes older versions and the segments only they used, which no later
 * publish can then name, while a newer version still in flight keeps its own.
 * (Across Lambdas "newer" is by their clocks, which AWS keeps in sync to well under the time a
 * rebuild takes.)
 */
export async function rebuildChatbotIndex(chatbotId: string, options: RebuildOptions = {}): Promise<RebuildResult> {
  await loadProviderKeys();
  let { data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go();
  for (let attempt = 1; bot; attempt++) {
    const version = newIndexVersion();
    const live = bot.index_version;
    const [documents, base] = await Promise.all([
      knowledgeDocumentsOf(chatbotId, bot.user_id),
      // The last attempt builds from scratch, which can always publish over an older version.
      live && attempt < MAX_ATTEMPTS ? loadManifest(chatbotId, live).catch(() => undefined) : undefined,
    ]);
    const built = await buildKnowledgeIndex(documents, {
      ...options,
      base,
      changed: new Set(options.changes?.upserted ?? []),
      // Unchanged chunks keep the vectors the live index has for them: a change embeds only its own text.
      previous: live ? () => loadIndexChunkVectors(chatbotId, live) : undefined,
    });
    await saveIndex(chatbotId, built, version);
    const reusesLive = built.reused.length > 0;
    try {
      await db()
        .entities.chatbot.patch({ chatbot_id: chatbotId })
        .set({ index_version: version, updated_at: new Date().toISOString() })
        // Parenthesised: ElectroDB joins this to its own "item exists" condition with AND.
        .where((attr, op) =>
          reusesLive ? `(${op.eq(attr.index_version, live!)})` : `(${op.notExists(attr.index_version)} OR ${op.lt(attr.index_version, version)})`,
        )
        .go();
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      // Deleted meanwhile (remove what this run wrote), a newer rebuild won (its clean-up, or the
      // next one's, removes this unused version: it is older than theirs), or an older one published
      // over the version this one built on: start again from that.
      ({ data: bot } = await db().entities.chatbot.get({ chatbot_id: chatbotId }).go());
      if (bot && reusesLive && (!bot.index_version || bot.index_version < version)) continue;
      if (!bot) await deleteAllIndexes(chatbotId);
      return { skipped: bot ? 'superseded' : 'gone' };
    }
    await recomputeTrainingQuality(chatbotId);
    await deleteIndexVersionsExcept(chatbotId, version).catch((error) =>
      log.warn('Removing older index versions failed; the next rebuild retries', { chatbotId, error }),
    );
    return {
      version,
      documents: documents.length,
      chunks: built.chunkCount,
      rebuiltDocuments: built.rebuiltDocuments,
      ...(built.vectors ? { vectors: built.vectors } : {}),
    };
  }
  return { skipped: 'gone' };
}
