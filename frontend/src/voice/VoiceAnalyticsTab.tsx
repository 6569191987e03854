import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { VoiceLine } from '@/voice/use-voice-chat';

/** The Analytics tab: figures of this screen's voice chat (spec 000: conversations are the user lines). */
export function VoiceAnalyticsTab({ lines }: { lines: readonly VoiceLine[] }) {
  const asked = lines.filter((l) => l.role === 'user').length;
  const answered = lines.filter((l) => l.role === 'assistant').length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Voice Analytics</CardTitle>
        <CardDescription>From the voice chat on this screen. Every voice conversation is also stored in your inbox on the channel voice.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border p-4">
          <p className="text-sm text-muted-foreground">Conversations</p>
          <p className="text-3xl font-bold" data-testid="voice-conversations">{asked}</p>
        </div>
        <div className="rounded-lg border p-4">
          <p className="text-sm text-muted-foreground">Answers</p>
          <p className="text-3xl font-bold">{answered}</p>
        </div>
      </CardContent>
    </Card>
  );
}
