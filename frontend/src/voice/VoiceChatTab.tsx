import { MicIcon, PauseIcon, PhoneOffIcon, PlayIcon, SendIcon, SquareIcon, Volume2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { useVoiceChat, VoiceStatus } from '@/voice/use-voice-chat';

/** Spec 000: the status avatar's words. */
const STATUS_LABEL: Record<VoiceStatus, string> = {
  idle: 'Disconnected',
  connecting: 'Connecting...',
  connected: 'Ready',
  listening: 'Listening',
  speaking: 'Speaking',
};

const STATUS_HINT: Record<VoiceStatus, string> = {
  idle: 'Start a voice chat to talk to your assistant.',
  connecting: 'Connecting to the voice service...',
  connected: 'Ready to speak',
  listening: 'Listening... speak now.',
  speaking: 'Your assistant is speaking.',
};

function StatusAvatar({ status }: { status: VoiceStatus }) {
  return (
    <div className="flex flex-col items-center gap-3" role="status" aria-live="polite">
      <span
        className={cn(
          'flex size-24 items-center justify-center rounded-full border-4 transition-colors',
          status === 'idle' && 'border-muted bg-muted text-muted-foreground',
          status === 'connecting' && 'animate-pulse border-primary/30 bg-primary/5 text-primary',
          status === 'connected' && 'border-green-300 bg-green-50 text-green-700',
          status === 'listening' && 'animate-pulse border-blue-400 bg-blue-50 text-blue-700',
          status === 'speaking' && 'animate-pulse border-violet-400 bg-violet-50 text-violet-700',
        )}
      >
        {status === 'speaking' ? <Volume2Icon className="size-10" aria-hidden="true" /> : <MicIcon className="size-10" aria-hidden="true" />}
      </span>
      <span className="text-lg font-semibold" data-testid="voice-status">
        {STATUS_LABEL[status]}
      </span>
      <span className="text-sm text-muted-foreground">{STATUS_HINT[status]}</span>
    </div>
  );
}

/** What the browser lacks, and what a provider key adds (never a silent failure). */
function CapabilityNote({ recognition, synthesis }: { recognition: boolean; synthesis: boolean }) {
  if (recognition && synthesis) return null;
  return (
    <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      {!recognition && (
        <p>
          This browser cannot recognise speech, so type your message below: your assistant answers it exactly as it answers spoken
          words. With an OpenAI key configured for the product, the server transcribes your microphone in any browser.
        </p>
      )}
      {!synthesis && (
        <p>
          This browser cannot speak, so answers are shown as text. With an ElevenLabs key configured for the product, answers are spoken
          in the voice chosen under Voice Settings.
        </p>
      )}
    </div>
  );
}

function TypedMessage({ disabled, onSend }: { disabled: boolean; onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    onSend(text);
    setText('');
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <Input aria-label="Type your message" placeholder="Type your message..." value={text} onChange={(e) => setText(e.target.value)} disabled={disabled} />
      <Button type="submit" disabled={disabled || !text.trim()}>
        <SendIcon aria-hidden="true" />
        Send
      </Button>
    </form>
  );
}

/** The Voice Chat tab (spec 000 "Voice AI screen"). */
export function VoiceChatTab({ chatbotId, chat }: { chatbotId: string | null; chat: VoiceChat }) {
  const [paused, setPaused] = useState(false);
  const open = chat.status !== 'idle' && chat.status !== 'connecting';
  const togglePause = () => {
    if (paused) chat.audio.resume();
    else chat.audio.pause();
    setPaused(!paused);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Voice Chat</CardTitle>
          <CardDescription>Talk to your assistant as your customers will.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <StatusAvatar status={chat.status} />
          <div className="flex flex-wrap justify-center gap-2">
            {!open ? (
              <Button onClick={() => void chat.start()} disabled={!chatbotId || chat.status === 'connecting'}>
                <MicIcon aria-hidden="true" />
                Start Voice Chat
              </Button>
            ) : (
              <Button variant="destructive" onClick={chat.end}>
                <PhoneOffIcon aria-hidden="true" />
                End Chat
              </Button>
            )}
            {open && chat.support.recognition && !chat.server.transcription && chat.status !== 'listening' && (
              <Button variant="outline" onClick={() => (chat.audio.stop(), chat.listen())} disabled={chat.waiting}>
                <MicIcon aria-hidden="true" />
                Talk
              </Button>
            )}
            <Button variant="outline" size="icon" onClick={togglePause} disabled={chat.status !== 'speaking'} aria-label={paused ? 'Play AI audio' : 'Pause AI audio'}>
              {paused ? <PlayIcon aria-hidden="true" /> : <PauseIcon aria-hidden="true" />}
            </Button>
            <Button variant="outline" size="icon" onClick={() => (chat.audio.stop(), setPaused(false))} disabled={chat.status !== 'speaking'} aria-label="Stop AI audio">
              <SquareIcon aria-hidden="true" />
            </Button>
          </div>
          <CapabilityNote recognition={chat.support.recognition || chat.server.transcription} synthesis={chat.support.synthesis || chat.server.speech} />
          {/* Typing is always possible: where the browser cannot listen, or its recognition service fails. */}
          {open && <TypedMessage disabled={chat.waiting} onSend={chat.sendText} />}
          <div className="min-h-16 rounded-lg border bg-muted/40 p-3 text-sm" aria-live="polite">
            <p className="mb-1 text-xs font-medium text-muted-foreground">Live transcript</p>
            <p data-testid="voice-live-transcript">{chat.live || (chat.waiting ? 'Thinking...' : '')}</p>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Conversation History</CardTitle>
          <CardDescription>What was said in this voice chat.</CardDescription>
        </CardHeader>
        <CardContent>
          {chat.lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing said yet.</p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Voice conversation history">
              {chat.lines.map((line) => (
                <li key={line.id} className={cn('rounded-lg p-3 text-sm', line.role === 'user' ? 'ml-8 bg-primary/10' : 'mr-8 bg-muted')}>
                  <p className="mb-1 text-xs font-medium text-muted-foreground">{line.role === 'user' ? 'You' : 'Assistant'}</p>
                  <p className="whitespace-pre-wrap">{line.text}</p>
                  {line.role === 'assistant' && (
                    <Button variant="ghost" size="sm" className="mt-1" onClick={() => void chat.playAgain(line.text)}>
                      <Volume2Icon aria-hidden="true" />
                      Play Again
                    </Button>
                  )}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export type VoiceChat = ReturnType<typeof useVoiceChat>;
