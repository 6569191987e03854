import { Toaster } from 'sonner';

/** The one toast outlet (sonner, rich colours: errors are the destructive toasts). Lazy-loaded by App. */
export default function AppToaster() {
  return <Toaster richColors theme="light" closeButton />;
}
