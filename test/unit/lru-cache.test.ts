import { describe, expect, it } from 'vitest';
import { LruCache } from '../../functions/core/runtime/lru-cache.js';

describe('LruCache', () => {
  it('evicts the least recently used entry beyond the entry bound', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('answers whether a key is kept without making it the most recently used', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.has('a')).toBe(true);
    cache.set('c', 3);
    expect([cache.has('a'), cache.has('b'), cache.has('c'), cache.has('d')]).toEqual([false, true, true, false]);
  });

  it('evicts by weight, keeping the newest entry even when it alone is over the bound', () => {
    const cache = new LruCache<string, string>(10, 100);
    cache.set('a', 'A', 40);
    cache.set('b', 'B', 40);
    cache.set('c', 'C', 40);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'B', 'C']);
    cache.set('huge', 'H', 500);
    expect(cache.size).toBe(1);
    expect(cache.get('huge')).toBe('H');
  });

  it('replaces an entry with its new weight, and deletes by key or predicate', () => {
    const cache = new LruCache<string, number>(10, 100);
    cache.set('bot-1/v1', 1, 90);
    cache.set('bot-1/v1', 2, 10);
    cache.set('bot-2/v1', 3, 80);
    expect(cache.get('bot-1/v1')).toBe(2);
    cache.deleteWhere((key) => key.startsWith('bot-1/'));
    expect(cache.get('bot-1/v1')).toBeUndefined();
    expect(cache.delete('bot-2/v1')).toBe(true);
    expect(cache.delete('bot-2/v1')).toBe(false);
    expect(cache.size).toBe(0);
  });
});
