import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error';

/**
 * Toasts without putting sonner in the first view: sonner is the lazy AppToaster's chunk, so this loads
 * the same module (and toast store) on demand. Toasts only follow user actions, long after it arrived.
 */
function show(kind: Kind, title: string, options?: ExternalToast): void {
  import('sonner')
    .then(({ toast }) => toast[kind](title, options))
    .catch((error: unknown) => console.error(`Could not show the toast "${title}":`, error));
}

export const notify = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  /** The destructive toast of the spec. */
  error: (title: string, options?: ExternalToast) => show('error', title, options),
};
