import type { ApiClient } from '@/lib/api';
import { errorMessage } from '@/lib/api';
import { getKnowledgeFileUrl } from '@/lib/knowledge-api';
import { notify } from '@/lib/notify';

/**
 * Opens an entry's stored file in a new tab. The presigned link lives a few minutes, so it is fetched on
 * the click; the tab is opened first, inside the click, because browsers block a window.open that
 * follows an await.
 */
export async function openKnowledgeFile(api: ApiClient, entryId: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await getKnowledgeFileUrl(api, entryId);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    notify.error('Failed to open the file', { description: errorMessage(error) });
  }
}
