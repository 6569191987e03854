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
