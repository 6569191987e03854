import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TypingDots } from '@/chat/TypingDots';
import { cannedReply, QUICK_QUESTIONS, type DemoReplyContext } from '@/landing/demo-replies';
import { ArrowUpIcon, CalendarIcon, MessageCircleIcon, XIcon } from '@/landing/icons';

/** Spec 000 section 9: the landing demo chat opens by itself after 3 s (once per browser). */
export const LANDING_CHAT_AUTO_OPEN_MS = 3000;
export const LANDING_CHAT_OPENED_KEY = 'landing-demo-chat-auto-opened';
const SAMPLE_AGENT = 'Emma';

/** Spec 000 section 3, 'Demo chat message' (landing widget). */
interface DemoChatMessage {
  id: string;
  text: string;
  isBot: boolean;
  timestamp: Date;
  offerBooking?: boolean;
}

let nextId = 0;
const newId = () => `landing-msg-${++nextId}`;

/** Spec 000 section 9: a 1 to 2 second typing pause before each reply. */
const replyDelay = () => 1000 + Math.random() * 1000;

function alreadyAutoOpened(): boolean {
  try {
    return window.localStorage.getItem(LANDING_CHAT_OPENED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberAutoOpened(): void {
  try {
    window.localStorage.setItem(LANDING_CHAT_OPENED_KEY, '1');
  } catch {
    // Private mode: it may open again next time, which is harmless.
  }
}

interface LandingDemoChatProps {
  productName: string;
  /** Passed in rather than imported, so this chunk does not pull in the contracts (zod). */
  trialDays: number;
  bookingUrl?: string;
  /** Increments each time the page asks to open the chat ('See Live Example', window.openDemoChat). */
  openRequest: number;
}

/** The floating sample-assistant chat of the landing page. Canned replies only: no network calls. */
export default function LandingDemoChat({ productName, trialDays, bookingUrl, openRequest }: LandingDemoChatProps) {
  const context: DemoReplyContext = { productName, trialDays, canBook: Boolean(bookingUrl) };
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [typing, setTyping] = useState(false);
  const [messages, setMessages] = useState<DemoChatMessage[]>(() => [
    {
      id: newId(),
      isBot: true,
      timestamp: new Date(),
      text: `Hi! I'm ${SAMPLE_AGENT}, a sample ${productName} assistant. Ask me anything about creating an AI assistant for your business.`,
    },
  ]);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    if (alreadyAutoOpened()) return;
    const timer = window.setTimeout(() => {
      rememberAutoOpened();
      setOpen(true);
    }, LANDING_CHAT_AUTO_OPEN_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (openRequest === 0) return;
    setOpen(true);
    rememberAutoOpened();
    // After the window renders.
    const timer = window.setTimeout(() => inputRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [openRequest]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, typing, open]);

  const ask = (raw: string) => {
    const text = raw.trim();
    if (!text || typing) return;
    setInput('');
    setMessages((list) => [...list, { id: newId(), isBot: false, text, timestamp: new Date() }]);
    setTyping(true);
    const reply = cannedReply(text, context);
    const timer = window.setTimeout(() => {
      setMessages((list) => [
        ...list,
        { id: newId(), isBot: true, text: reply.text, offerBooking: reply.offerBooking, timestamp: new Date() },
      ]);
      setTyping(false);
    }, replyDelay());
    timers.current.push(timer);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask(input);
  };

  const onlyGreeting = messages.length === 1 && !typing;
  const quickQuestions = QUICK_QUESTIONS.filter((question) => bookingUrl || !question.includes('book'));

  return (
    <>
      {open && (
        <section
          aria-label={`Demo chat with ${SAMPLE_AGENT}`}
          className="fixed right-4 bottom-24 z-50 flex h-[560px] max-h-[calc(100svh-7rem)] w-[380px] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border bg-background shadow-2xl sm:right-6"
        >
          <header className="flex items-center gap-3 bg-linear-to-br from-primary to-blue-800 px-4 py-3 text-primary-foreground">
            <span className="flex size-10 items-center justify-center rounded-full bg-white/20 text-lg font-semibold" aria-hidden="true">
              {SAMPLE_AGENT[0]}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{SAMPLE_AGENT} · Sample Assistant</p>
              <p className="text-xs opacity-90">● Online</p>
            </div>
            <button
              type="button"
              aria-label="Close demo chat"
              onClick={() => setOpen(false)}
              className="rounded-full p-1.5 hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
            >
              <XIcon className="size-5" />
            </button>
          </header>

          <div ref={listRef} role="log" aria-live="polite" aria-label="Messages" className="flex flex-1 flex-col gap-3 overflow-y-auto bg-muted/30 p-4">
            {messages.map((message) => (
              <div key={message.id} className={`flex flex-col gap-2 ${message.isBot ? 'items-start' : 'items-end'}`}>
                <div
                  className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap shadow-xs ${
                    message.isBot ? 'rounded-bl-sm bg-background' : 'rounded-br-sm bg-primary text-primary-foreground'
                  }`}
                >
                  {message.text}
                </div>
                {message.offerBooking && bookingUrl && (
                  <a
                    href={bookingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1.5 rounded-full border border-primary/30 bg-background px-3 py-1.5 text-sm font-medium text-primary hover:bg-primary/5"
                  >
                    <CalendarIcon className="size-4" />
                    Book a 15-minute call
                  </a>
                )}
              </div>
            ))}
            {typing && (
              <div className="flex justify-start">
                <div className="rounded-2xl rounded-bl-sm bg-background px-3.5 py-3 text-muted-foreground shadow-xs">
                  <TypingDots label={`${SAMPLE_AGENT} is typing`} />
                </div>
              </div>
            )}
            {onlyGreeting && (
              <div className="mt-auto flex flex-col gap-2" role="group" aria-label="Quick questions">
                {quickQuestions.map((question) => (
                  <button
                    key={question}
                    type="button"
                    onClick={() => ask(question)}
                    className="w-fit rounded-full border border-primary/30 bg-background px-3 py-1.5 text-left text-sm text-primary hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  >
                    {question}
                  </button>
                ))}
              </div>
            )}
          </div>

          <form onSubmit={onSubmit} className="flex items-center gap-2 border-t p-3">
            <label htmlFor="landing-demo-chat-input" className="sr-only">
              Your message
            </label>
            <input
              id="landing-demo-chat-input"
              ref={inputRef}
              value={input}
              onChange={(event) => setInput(event.target.value)}
              placeholder="Type your message..."
              autoComplete="off"
              maxLength={500}
              className="h-10 min-w-0 flex-1 rounded-full border border-input bg-transparent px-4 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
            <button
              type="submit"
              aria-label="Send message"
              disabled={typing}
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground disabled:opacity-50"
            >
              <ArrowUpIcon className="size-5" />
            </button>
          </form>
          {bookingUrl && (
            <a
              href={bookingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center justify-center gap-1.5 border-t py-2 text-xs text-muted-foreground hover:text-primary"
            >
              <CalendarIcon className="size-3.5" />
              Book a free 15-minute demo call
            </a>
          )}
        </section>
      )}

      <button
        type="button"
        onClick={() => {
          if (!open) window.setTimeout(() => inputRef.current?.focus(), 0);
          setOpen(!open);
        }}
        aria-label={open ? 'Hide demo chat' : 'Open demo chat'}
        aria-expanded={open}
        className="fixed right-4 bottom-4 z-50 flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-xl transition-transform hover:scale-105 focus-visible:ring-4 focus-visible:ring-ring/50 focus-visible:outline-none sm:right-6"
      >
        {open ? <XIcon className="size-7" /> : <MessageCircleIcon className="size-7" />}
      </button>
    </>
  );
}
