import type { ChatRequest } from '@contracts/chat';
import type { Chatbot } from '@contracts/chatbot';
import { BotIcon, CheckIcon, PencilIcon, RotateCcwIcon, SendIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/auth/auth-context';
import { AnswerOnTheWay } from '@/chat/AnswerOnTheWay';
import { ChatBubble } from '@/chat/ChatBubble';
import { CONFIRMATION_REPLY_TEXT, ConfirmationButtons } from '@/chat/ConfirmationButtons';
import { MessageText } from '@/chat/MessageText';
import { useAnswerStream } from '@/chat/use-answer-stream';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useApi } from '@/lib/api';
import { saveCorrection, sendOwnerChatMessage } from '@/lib/chat-api';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';

/** Spec 000 section 3, 'Chat message' (in memory). */
interface ChatMessage {
  id: string;
  content: string;
  role: 'user' | 'assistant';
  timestamp: Date;
  canEdit: boolean;
  /** For a reply: the visitor message it answers (the correction's original_message). */
  inReplyTo?: string;
  /** The reply asks to confirm a handoff: Yes / No until answered (or until the next message). */
  confirmHandoff?: boolean;
}

/** Spec 000 section 3: conversation_corrections.context_used label for an edit made in the test chat. */
const CORRECTION_CONTEXT = 'Live Training Correction';
const TEST_CONTACT_NAME = 'Test User';

let nextId = 0;
const newId = () => `msg-${Date.now()}-${++nextId}`;

function greeting(chatbot: Chatbot): ChatMessage {
  const business = chatbot.business_name;
  return {
    id: newId(),
    role: 'assistant',
    // The owner's Welcome Message (Conversation Controls) is how the assistant greets, here as everywhere.
    content:
      chatbot.conversation_settings.welcomeMessage.trim() ||
      `Hi there, this is ${chatbot.agent_name || business} from ${business}. How can I help you today?`,
    timestamp: new Date(),
    canEdit: false,
  };
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function EditReply({
  chatbotId,
  message,
  onCancel,
  onSaved,
}: {
  chatbotId: string;
  message: ChatMessage;
  onCancel: () => void;
  onSaved: (text: string) => void;
}) {
  const api = useApi();
  const [draft, setDraft] = useState(message.content);
  const correction = useMutation({
    mutationFn: (corrected: string) =>
      saveCorrection(api, chatbotId, {
        original_message: message.inReplyTo ?? '',
        original_response: message.content,
        corrected_response: corrected,
        context_used: CORRECTION_CONTEXT,
      }),
  });
  const saving = correction.isPending;
  const fieldId = `edit-${message.id}`;

  const save = () => {
    const corrected = draft.trim();
    if (!corrected) {
      notify.error('Please enter a response');
      return;
    }
    correction.mutate(corrected, {
      onSuccess: () => {
        notify.success('Response Updated', {
          description: 'The agent will remember this correction for future conversations.',
        });
        onSaved(corrected);
      },
      onError: (error) => notify.error('Failed to save correction', { description: error.message }),
    });
  };

  return (
    <div className="flex w-full flex-col gap-2">
      <Label htmlFor={fieldId} className="sr-only">
        Corrected response
      </Label>
      <Textarea
        id={fieldId}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className="min-h-24 bg-background text-foreground"
        disabled={saving}
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={saving}>
          <XIcon aria-hidden="true" />
          Cancel
        </Button>
        <Button type="button" size="sm" onClick={save} disabled={saving || !draft.trim()}>
          <CheckIcon aria-hidden="true" />
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </div>
  );
}

/**
 * The 'Test {business}' chat under the assistant grid (spec 000 sections 2, 4, 5 and 9): real replies from
 * POST /chatbots/{id}/chat, each editable into a correction. Lazy-loaded on the first selection; keyed by assistant, so a
 * change of assistant starts a new session with the greeting.
 */
export default function TestChatPanel({ chatbot }: { chatbot: Chatbot }) {
  const api = useApi();
  const { user } = useAuth();
  const business = chatbot.business_name;
  const [messages, setMessages] = useState<ChatMessage[]>(() => [greeting(chatbot)]);
  const [input, setInput] = useState('');
  const [editingId, setEditingId] = useState<string | null>(null);
  // Each opening of the panel is a new test conversation of the signed-in owner.
  const [session] = useState(() => `test_${Date.now()}`);
  const listRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputId = `test-chat-input-${chatbot.id}`;
  const titleId = `test-chat-title-${chatbot.id}`;
  // The model's answer streams over the signed-in user's socket while it is written.
  const stream = useAnswerStream();
  const reply = useMutation({
    mutationFn: ({ text, confirm }: { text: string; confirm?: ChatRequest['confirm'] }) =>
      sendOwnerChatMessage(api, chatbot.id, { message: text, session, contactName: TEST_CONTACT_NAME, confirm, ...stream.begin() }),
    onSettled: stream.end,
  });
  const waiting = reply.isPending;

  // Selecting a card shows the panel below the grid: bring it into view.
  useEffect(() => {
    panelRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, waiting]);

  /** One exchange with the engine: what the owner said, and `confirm` when it answers a confirmation question. */
  const exchange = (text: string, confirm?: ChatRequest['confirm']) => {
    // Any next message answers an open question, so its buttons go away.
    setMessages((list) => [
      ...list.map((item) => (item.confirmHandoff ? { ...item, confirmHandoff: false } : item)),
      { id: newId(), role: 'user', content: text, timestamp: new Date(), canEdit: false },
    ]);
    reply.mutate(
      { text, confirm },
      {
        onSuccess: (answer) => {
          const question = answer.confirmation?.action === 'handoff';
          setMessages((list) => [
            ...list,
            {
              id: newId(),
              role: 'assistant',
              content: answer.message,
              timestamp: new Date(),
              // A question is answered, not corrected.
              canEdit: !question,
              inReplyTo: text,
              confirmHandoff: question,
            },
          ]);
        },
        onError: (error) => notify.error('Failed to get response from agent', { description: error.message }),
      },
    );
  };

  const send = () => {
    const text = input.trim();
    // Spec 000 section 5: ignored when blank, without an assistant or without a signed-in user.
    if (!text || waiting || !user) return;
    setInput('');
    exchange(text);
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

  const clear = () => {
    setMessages([]);
    setEditingId(null);
  };

  return (
    <Card
      ref={panelRef}
      role="region"
      aria-labelledby={titleId}
      className="h-[600px] gap-0 overflow-hidden py-0"
      data-testid="test-chat-panel"
    >
      <div className="flex items-center justify-between gap-3 border-b px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/10 text-primary">
            {chatbot.agent_image ? (
              <img src={chatbot.agent_image} alt="" className="size-full object-cover" />
            ) : (
              <BotIcon className="size-5" aria-hidden="true" />
            )}
          </span>
          <div className="min-w-0">
            <h3 id={titleId} className="truncate font-semibold">
              Test {business}
            </h3>
            <p className="truncate text-xs text-muted-foreground">
              Chat with your assistant. Edit a reply to teach it the right answer.
            </p>
          </div>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={messages.length === 0}>
          <RotateCcwIcon aria-hidden="true" />
          Clear Chat
        </Button>
      </div>

      <div
        ref={listRef}
        className="flex flex-1 flex-col gap-4 overflow-y-auto bg-muted/30 px-4 py-4 sm:px-6"
        role="log"
        aria-label={`Conversation with ${business}`}
        aria-live="polite"
      >
        {messages.map((message) => {
          const mine = message.role === 'user';
          const editing = editingId === message.id;
          return (
            <ChatBubble key={message.id} role={message.role} editing={editing}>
              {editing ? (
                <EditReply
                  chatbotId={chatbot.id}
                  message={message}
                  onCancel={() => setEditingId(null)}
                  onSaved={(text) => {
                    setMessages((list) => list.map((item) => (item.id === message.id ? { ...item, content: text } : item)));
                    setEditingId(null);
                  }}
                />
              ) : (
                <p className="break-words whitespace-pre-wrap">
                  {mine ? message.content : <MessageText text={message.content} />}
                </p>
              )}
              {!editing && (
                <div className={cn('flex items-center gap-2 text-[11px] opacity-70', mine && 'justify-end')}>
                  <time dateTime={message.timestamp.toISOString()}>{timeFormat.format(message.timestamp)}</time>
                  {message.canEdit && (
                    <button
                      type="button"
                      aria-label="Edit response"
                      title="Edit response"
                      onClick={() => setEditingId(message.id)}
                      disabled={editingId !== null}
                      className="rounded-sm p-0.5 hover:bg-muted hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-40"
                    >
                      <PencilIcon className="size-3.5" aria-hidden="true" />
                    </button>
                  )}
                </div>
              )}
              {message.confirmHandoff && (
                <ConfirmationButtons
                  question={message.content}
                  disabled={waiting || !user}
                  onYes={() => exchange(CONFIRMATION_REPLY_TEXT.yes, 'handoff')}
                  onNo={() => exchange(CONFIRMATION_REPLY_TEXT.no, 'declined')}
                />
              )}
            </ChatBubble>
          );
        })}
        <AnswerOnTheWay waiting={waiting} partial={stream.partial} typingLabel={`${chatbot.agent_name || business} is typing`} />
      </div>

      <form onSubmit={onSubmit} className="flex items-end gap-2 border-t bg-background px-4 py-3 sm:px-6">
        <Label htmlFor={inputId} className="sr-only">
          Message to {business}
        </Label>
        <Textarea
          id={inputId}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type your message... (Enter to send, Shift+Enter for a new line)"
          rows={1}
          className="max-h-32 min-h-9 resize-none"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!input.trim() || waiting}>
          <SendIcon aria-hidden="true" />
        </Button>
      </form>
    </Card>
  );
}
