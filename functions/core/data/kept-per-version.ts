import { LruCache } from '../runtime/lru-cache.js';

/**
 * Reads kept per warm function: `read(key)` once per key and version, the version being what an item
 * the caller reads anyway names (an assistant's corrections or workflows version), changed by every
 * write of what was read. A failed read is not kept; the least recently used keys beyond `capacity`
 * are forgotten.
 */
export function keptPerVersion<T>(read: (key: string) => Promise<T>, capacity = 500): (key: string, version: string | undefined) => Promise<T> {
  const kept = new LruCache<string, { version: string | undefined; value: Promise<T> }>(capacity);
  return (key, version) => {
    const hit = kept.get(key);
    if (hit && hit.version === version) return hit.value;
    const entry = { version, value: read(key) };
    kept.set(key, entry);
    entry.value.catch(() => kept.get(key) === entry && kept.delete(key));
    return entry.value;
  };
}
