import { ApiError, errorMessage } from '@/lib/api';

const FALLBACK = 'Please refresh the page or contact support if the issue persists.';

/**
 * Spec 001 section 8, "Assistant loading": the server refusing or failing the read is 'Error Loading AI
 * Assistants' (its message, else the fallback); anything else going wrong is an 'Unexpected Error'. An
 * unreachable server counts as a failed read; a 2xx answer the client cannot read, or a throw outside the
 * request, is the unexpected kind.
 */
export function assistantsLoadError(error: unknown): { title: string; description: string } {
  const failedRead = error instanceof ApiError && (error.status === 0 || error.status >= 400);
  return {
    title: failedRead ? 'Error Loading AI Assistants' : 'Unexpected Error',
    description: errorMessage(error, FALLBACK),
  };
}
