import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '@/lib/notify';

/**
 * The one toast outlet (sonner, rich colours: errors are the destructive toasts). App mounts it, lazily,
 * on the first toast (frontend/src/lib/notify.ts); the Toaster's own effect has subscribed by the time
 * this one runs (children's effects run first).
 */
export default function AppToaster() {
  useEffect(toasterMounted, []);
  return <Toaster richColors theme="light" closeButton />;
}
