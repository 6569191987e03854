/** A minimal authorized JSON client for integration tests: status and parsed body of each call. */
export function apiClient(apiUrl: string, idToken: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${idToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    patch: (path: string, body?: unknown) => call('PATCH', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    delete: (path: string, body?: unknown) => call('DELETE', path, body),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/**
 * Waits until the assistant's answers and quality include the owner's knowledge changes so far
 * (reindex-knowledge has run: GET /chatbots/{id} says `knowledge_update` is no longer 'updating').
 * Returns the assistant as the dashboard then shows it.
 */
export async function waitForKnowledge(api: ApiClient, chatbotId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await api.get(`/chatbots/${chatbotId}`);
    if (status !== 200) throw new Error(`GET /chatbots/${chatbotId} answered ${status}`);
    if (body.chatbot.knowledge_update !== 'updating') return body.chatbot;
    if (Date.now() > deadline) throw new Error(`Knowledge of ${chatbotId} still updating after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls the crawl status until the crawl has finished (done or failed). */
export async function waitForCrawl(api: ApiClient, chatbotId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api.get(`/chatbots/${chatbotId}/crawl`);
    if (['done', 'done_with_problems', 'failed'].includes(body.progress.stage)) return body;
    if (Date.now() > deadline) throw new Error(`Crawl still ${body.progress.stage} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
