/**
 * S3's answer for a key that is not there. GetObject names it NoSuchKey; HeadObject (no body to
 * carry a code) and some S3-compatible stand-ins only say 404, so the status counts too.
 */
export function isMissingObject(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}
