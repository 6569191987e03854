import { SendIcon } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useOwnerReply } from '@/inbox/inbox-queries';
import { replySent, signalTyping } from '@/inbox/inbox-typing';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';

/**
 * The owner's reply (spec 001): Enter or the send button posts it as the business; blank text is
 * ignored; a send in progress blocks another. Shift+Enter makes a new line.
 */
export function ReplyBox({ conversationId, sendError }: { conversationId: string; sendError: string }) {
  const [text, setText] = useState('');
  const reply = useOwnerReply(conversationId);

  const send = () => {
    const content = text.trim();
    if (!content) return;
    reply.send(content, {
      onSuccess: () => {
        setText('');
        replySent(conversationId);
        notify.success('Message sent');
      },
      onError: (error) => notify.error(sendError, { description: errorMessage(error) }),
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t p-3">
      <Textarea
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          // The visitor's widget shows "<name> is typing".
          if (event.target.value.trim()) signalTyping(conversationId);
        }}
        onKeyDown={onKeyDown}
        placeholder="Type your reply..."
        aria-label="Reply"
        rows={1}
        className="max-h-40 min-h-10 resize-none"
      />
      <Button type="submit" size="icon" disabled={reply.isPending || !text.trim()} aria-label="Send reply">
        <SendIcon aria-hidden="true" />
      </Button>
    </form>
  );
}
