import type { VoiceAnalytics } from '@contracts/voice';
import { LoadErrorCard } from '@/components/LoadErrorCard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useVoiceAnalyticsQuery } from '@/voice/voice-queries';

/** 95 s reads '1m 35s': durations of a voice chat are seconds to minutes. */
function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes ? `${minutes}m ${seconds % 60}s` : `${seconds}s`;
}

function Figure({ label, value, detail, testId }: { label: string; value: string | number; detail?: string; testId: string }) {
  return (
    <div className="rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-3xl font-bold" data-testid={testId}>
        {value}
      </p>
      {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
    </div>
  );
}

function Figures({ figures }: { figures: VoiceAnalytics }) {
  if (figures.sessions === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="voice-analytics-empty">
        No voice sessions in the last {figures.days} days. Start a voice chat and its figures appear here.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Voice sessions" value={figures.sessions} testId="voice-sessions" />
        <Figure label="Average duration" value={formatDuration(figures.average_duration_seconds)} testId="voice-average-duration" />
        <Figure label="Turns" value={figures.turns} detail="Questions spoken or typed to the assistant" testId="voice-turns" />
        <Figure
          label="Answered"
          value={`${figures.answered_share}%`}
          detail={`${figures.answered} answered, ${figures.fallback} with the fallback message (${figures.fallback_share}%)`}
          testId="voice-answered-share"
        />
      </div>
      <table className="w-full text-sm" aria-label="Voice sessions per day">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th className="py-2 font-medium">Day (UTC)</th>
            <th className="py-2 font-medium">Sessions</th>
            <th className="py-2 font-medium">Turns</th>
          </tr>
        </thead>
        <tbody>
          {figures.per_day.map((d) => (
            <tr key={d.day} className="border-b last:border-0">
              <td className="py-2">{d.day}</td>
              <td className="py-2">{d.sessions}</td>
              <td className="py-2">{d.turns}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The Analytics tab: figures of the assistant's stored voice sessions (issue 16, in place of the spec's static numbers). */
export function VoiceAnalyticsTab({ chatbotId }: { chatbotId: string | null }) {
  const analytics = useVoiceAnalyticsQuery(chatbotId);
  let body;
  if (!chatbotId) body = <p className="text-sm text-muted-foreground">Select an AI assistant to see its voice sessions.</p>;
  else if (analytics.isPending) body = <Skeleton className="h-40 rounded-xl" />;
  else if (analytics.isError) {
    body = (
      <LoadErrorCard title="Failed to load voice analytics" error={analytics.error} retrying={analytics.isFetching} onRetry={() => void analytics.refetch()} />
    );
  } else body = <Figures figures={analytics.data} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Voice Analytics</CardTitle>
        <CardDescription>The last 30 days of voice chats with this assistant. Every voice conversation is also in your inbox on the channel voice.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
