import { randomUUID } from 'node:crypto';

/**
 * Creation time (base 36 milliseconds, fixed width) then a random part: ids sort by age, so an index
 * whose sort key is such an id answers "newest first" without a second key.
 */
export function timeOrderedId(now: Date): string {
  return `${now.getTime().toString(36).padStart(10, '0')}-${randomUUID()}`;
}
