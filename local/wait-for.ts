/** Polls `probe` until it resolves; fails with the last error after `timeoutMs`. */
export async function waitFor(what: string, probe: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      if (String((error as Error)?.message).includes('exited')) break;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`${what} did not become ready: ${(lastError as Error)?.message ?? lastError}`);
}
