/**
 * A write refused by its condition (ElectroDB's own "item exists" check of patch, or a `where`):
 * the item is gone or was changed by someone else meanwhile. ElectroDB wraps the SDK's error, so
 * the message is what identifies it.
 */
export function isConditionalFailure(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error);
  return /conditional request failed|ConditionalCheckFailed/i.test(text);
}
