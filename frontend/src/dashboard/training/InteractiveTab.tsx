import type { ChatRequest } from '@contracts/chat';
import type { Chatbot } from '@contracts/chatbot';
import { trainingCorrectionContexts, trainingScores, type TrainingScore } from '@contracts/training';
import { useMutation } from '@tanstack/react-query';
import { BotIcon, CheckIcon, PencilIcon, SendIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState, type Dispatch, type FormEvent, type KeyboardEvent, type SetStateAction } from 'react';
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
import { ScoreBadge } from './ScoreBadge';
import { FALLBACK_REPLY, TRAINING_CONTACT, newMessageId, type TrainingMessage } from './training-chat';
import { useCorrectRecordMutation, useInvalidateTrainedChatbot, useRateReplyMutation } from './training-queries';

type SetMessages = Dispatch<SetStateAction<TrainingMessage[]>>;

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * Edit & Correct: a rated reply's record takes the correction (saved as a correction too, by the
 * server); an unrated reply's correction is saved directly. Either way it is labelled a live one.
 */
function CorrectReply({
  chatbotId,
  message,
  onDone,
  setMessages,
}: {
  chatbotId: string;
  message: TrainingMessage;
  onDone: () => void;
  setMessages: SetMessages;
}) {
  const api = useApi();
  const [draft, setDraft] = useState(message.content);
  const correctRecord = useCorrectRecordMutation(chatbotId);
  const invalidateChatbot = useInvalidateTrainedChatbot();
  const correctUnrated = useMutation({
    mutationFn: (corrected: string) =>
      saveCorrection(api, chatbotId, {
        original_message: message.question ?? '',
        original_response: message.reply ?? message.content,
        corrected_response: corrected,
        context_used: trainingCorrectionContexts.interactive,
      }),
    onSuccess: invalidateChatbot,
  });
  const saving = correctRecord.isPending || correctUnrated.isPending;
  const fieldId = `correct-${message.id}`;

  const save = () => {
    const corrected = draft.trim();
    if (!corrected) {
      notify.error('Please enter a response');
      return;
    }
    const callbacks = {
      onSuccess: () => {
        notify.success('Response corrected! This will help improve future responses.');
        setMessages((list) => list.map((item) => (item.id === message.id ? { ...item, content: corrected, corrected: true } : item)));
        onDone();
      },
      onError: (error: Error) => notify.error('Failed to save correction', { description: error.message }),
    };
    if (message.recordId) {
      correctRecord.mutate({ recordId: message.recordId, corrected_response: corrected, source: 'interactive' }, callbacks);
    } else {
      correctUnrated.mutate(corrected, callbacks);
    }
  };

  return (
    <div className="flex w-full flex-col gap-2">
      <Label htmlFor={fieldId}>Corrected response</Label>
      <Textarea
        id={fieldId}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className="min-h-24 bg-background text-foreground"
        disabled={saving}
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone} disabled={saving}>
          <XIcon aria-hidden="true" />
          Cancel
        </Button>
        <Button type="button" size="sm" onClick={save} disabled={saving}>
          <CheckIcon aria-hidden="true" />
          {saving ? 'Saving...' : 'Save Correction'}
        </Button>
      </div>
    </div>
  );
}

/** Rating buttons (20 / 60 / 85 / 100) until the reply is rated, then its score. */
function RateReply({ chatbotId, message, setMessages }: { chatbotId: string; message: TrainingMessage; setMessages: SetMessages }) {
  const rate = useRateReplyMutation(chatbotId);
  if (message.score !== undefined) return <ScoreBadge score={message.score} />;

  const score = (value: TrainingScore) =>
    rate.mutate(
      { user_message: message.question ?? '', ai_response: message.reply ?? message.content, score: value },
      {
        onSuccess: (record) => {
          notify.success('Response scored successfully!');
          setMessages((list) =>
            list.map((item) => (item.id === message.id ? { ...item, recordId: record.id, score: record.score } : item)),
          );
        },
        onError: (error) => notify.error('Failed to score response', { description: error.message }),
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Rate this response">
      <span className="text-xs text-muted-foreground">Rate:</span>
      {trainingScores.map((value) => (
        <Button
          key={value}
          type="button"
          variant="outline"
          size="sm"
          className="h-7 px-2 text-xs"
          aria-label={`Score ${value}`}
          disabled={rate.isPending}
          onClick={() => score(value)}
        >
          {value}
        </Button>
      ))}
    </div>
  );
}

/** The Interactive tab: live chat through the chat engine, each reply rated or corrected. */
export function InteractiveTab({
  chatbot,
  messages,
  setMessages,
}: {
  chatbot: Chatbot | null;
  messages: TrainingMessage[];
  setMessages: SetMessages;
}) {
  const api = useApi();
  const [input, setInput] = useState('');
  const [editingId, setEditingId] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // The model's answer streams over the signed-in user's socket while it is written.
  const stream = useAnswerStream();
  const reply = useMutation({
    mutationFn: ({ chatbotId, text, confirm }: { chatbotId: string; text: string; confirm?: ChatRequest['confirm'] }) =>
      sendOwnerChatMessage(api, chatbotId, { message: text, ...TRAINING_CONTACT, confirm, ...stream.begin() }),
    onSettled: stream.end,
  });
  const waiting = reply.isPending;
  const agent = chatbot ? chatbot.agent_name || chatbot.business_name : 'your assistant';

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, waiting]);

  /** One exchange with the engine: what the owner said, and `confirm` when it answers a confirmation question. */
  const exchange = (chatbotId: string, text: string, confirm?: ChatRequest['confirm']) => {
    // Any next message answers an open question, so its buttons go away.
    setMessages((list) => [
      ...list.map((item) => (item.confirmHandoff ? { ...item, confirmHandoff: false } : item)),
      { id: newMessageId(), role: 'user', content: text, timestamp: new Date(), trainable: false },
    ]);
    reply.mutate(
      { chatbotId, text, confirm },
      {
        onSuccess: (answer) => {
          const question = answer.confirmation?.action === 'handoff';
          setMessages((list) => [
            ...list,
            {
              id: newMessageId(),
              role: 'assistant',
              content: answer.message,
              timestamp: new Date(),
              // A question is answered, not rated or corrected.
              trainable: !question,
              question: text,
              reply: answer.message,
              confirmHandoff: question,
            },
          ]);
        },
        onError: (error) => {
          notify.error('Failed to generate AI response', { description: error.message });
          setMessages((list) => [
            ...list,
            { id: newMessageId(), role: 'assistant', content: FALLBACK_REPLY, timestamp: new Date(), trainable: false },
          ]);
        },
      },
    );
  };

  const send = () => {
    const text = input.trim();
    if (!text || waiting) return;
    if (!chatbot) {
      notify.error('Please select an AI assistant first');
      return;
    }
    setInput('');
    exchange(chatbot.id, text);
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
    <Card className="h-[600px] gap-0 overflow-hidden py-0" data-testid="training-chat">
      <div
        ref={listRef}
        className="flex flex-1 flex-col gap-4 overflow-y-auto bg-muted/30 px-4 py-4 sm:px-6"
        role="log"
        aria-label={`Training conversation with ${agent}`}
        aria-live="polite"
      >
        {messages.length === 0 && !waiting && (
          <div className="m-auto max-w-sm text-center text-sm text-muted-foreground">
            <BotIcon className="mx-auto mb-2 size-8 text-primary" aria-hidden="true" />
            <p className="font-medium text-foreground">Train {agent} by chatting</p>
            <p>Ask what your customers ask. Score each reply, or correct it so future answers improve.</p>
          </div>
        )}
        {messages.map((message) => {
          const mine = message.role === 'user';
          const editing = editingId === message.id;
          return (
            <ChatBubble key={message.id} role={message.role} editing={editing}>
              {editing && chatbot ? (
                <CorrectReply
                  chatbotId={chatbot.id}
                  message={message}
                  onDone={() => setEditingId(null)}
                  setMessages={setMessages}
                />
              ) : (
                <p className="break-words whitespace-pre-wrap">
                  {mine ? message.content : <MessageText text={message.content} />}
                </p>
              )}
              <div className={cn('flex items-center gap-2 text-[11px] opacity-70', mine && 'justify-end')}>
                <time dateTime={message.timestamp.toISOString()}>{timeFormat.format(message.timestamp)}</time>
                {message.corrected && <span>Corrected</span>}
              </div>
              {message.trainable && chatbot && !editing && (
                <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-2">
                  <RateReply chatbotId={chatbot.id} message={message} setMessages={setMessages} />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-xs"
                    onClick={() => setEditingId(message.id)}
                    disabled={editingId !== null}
                  >
                    <PencilIcon aria-hidden="true" />
                    Edit &amp; Correct
                  </Button>
                </div>
              )}
              {message.confirmHandoff && chatbot && (
                <ConfirmationButtons
                  question={message.content}
                  disabled={waiting}
                  onYes={() => exchange(chatbot.id, CONFIRMATION_REPLY_TEXT.yes, 'handoff')}
                  onNo={() => exchange(chatbot.id, CONFIRMATION_REPLY_TEXT.no, 'declined')}
                />
              )}
            </ChatBubble>
          );
        })}
        <AnswerOnTheWay waiting={waiting} partial={stream.partial} typingLabel={`${agent} is typing`} />
      </div>

      <form onSubmit={onSubmit} className="flex items-end gap-2 border-t bg-background px-4 py-3 sm:px-6">
        <Label htmlFor="training-message" className="sr-only">
          Training message
        </Label>
        <Textarea
          id="training-message"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask a question to train your assistant... (Enter to send)"
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
