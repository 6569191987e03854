/** Deletes a batch of items by key; any the table did not take is an error (nothing is silently left). */
export async function deleteAll<T>(what: string, keys: T[], remove: (keys: T[]) => Promise<{ unprocessed: unknown[] }>): Promise<void> {
  if (!keys.length) return;
  const { unprocessed } = await remove(keys);
  if (unprocessed.length) throw new Error(`Could not delete ${unprocessed.length} ${what}`);
}
