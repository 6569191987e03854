import type { Chatbot } from '@contracts/chatbot';
import { Trash2Icon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

const loadDialog = () => import('@/dashboard/assistants/DeleteAssistantDialog');
// Only needed once someone deletes: kept out of the dashboard's first view, fetched on hover or focus.
const DeleteAssistantDialog = lazy(loadDialog);

function prefetchDialog() {
  loadDialog().catch(() => undefined);
}

/** The card's delete button; the confirmation dialog opens on click. */
export function DeleteAssistantButton({ chatbot }: { chatbot: Chatbot }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate out.
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label={`Delete ${chatbot.business_name}`}
        aria-haspopup="dialog"
        className="text-muted-foreground hover:text-destructive"
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <DeleteAssistantDialog chatbot={chatbot} open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
