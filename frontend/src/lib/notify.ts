import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error';

/**
 * Toasts without sonner in the first view (the dashboard's JS budget): the app mounts its toaster
 * (AppToaster, lazy) on the first toast, and the toast is shown once the toaster listens, since
 * sonner's Toaster only shows toasts made after it mounted.
 */
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** True from the first toast on: App renders the toaster then. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** Called by AppToaster once its Toaster is mounted (and subscribed to the toasts). */
export function toasterMounted(): void {
  markMounted();
}

function show(kind: Kind, title: string, options?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  Promise.all([import('sonner'), mounted])
    .then(([{ toast }]) => toast[kind](title, options))
    .catch((error: unknown) => console.error(`Could not show the toast "${title}":`, error));
}

export const notify = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  /** The destructive toast of the spec. */
  error: (title: string, options?: ExternalToast) => show('error', title, options),
};
