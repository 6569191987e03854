import type { TrainingRecord } from '@contracts/training';
import { ActivityIcon, TargetIcon, TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { SCORE_TEXT_TONE, ScoreBadge } from './ScoreBadge';
import { HISTORY_LENGTH, improvement, overallScore, recentHistory, scoreTone } from './training-analytics';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Figure({ label, icon, value, note }: { label: string; icon: ReactNode; value: ReactNode; note: string }) {
  return (
    <Card className="gap-2" role="group" aria-label={label}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardDescription>{label}</CardDescription>
        {icon}
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <span className="text-3xl font-bold tabular-nums">{value}</span>
        <span className="text-xs text-muted-foreground">{note}</span>
      </CardContent>
    </Card>
  );
}

function Improvement({ value }: { value: number | null }) {
  if (value === null) return <span className="text-muted-foreground">-</span>;
  return (
    <span className={cn(value > 0 && 'text-green-700', value < 0 && 'text-red-700')}>
      {value > 0 ? `+${value}` : value}
    </span>
  );
}

/** The Analytics tab: overall score, session count, improvement trend and the last 10 items. */
export function AnalyticsTab({ records }: { records: readonly TrainingRecord[] }) {
  const overall = overallScore(records);
  const trend = improvement(records);
  const history = recentHistory(records);
  const TrendIcon = trend !== null && trend < 0 ? TrendingDownIcon : TrendingUpIcon;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          label="Overall Score"
          icon={<TargetIcon className="size-4 text-muted-foreground" aria-hidden="true" />}
          value={overall === null ? '-' : <span className={SCORE_TEXT_TONE[scoreTone(overall)]}>{overall}</span>}
          note={overall === null ? 'Score replies in the Interactive tab' : 'Average of all scores'}
        />
        <Figure
          label="Training Sessions"
          icon={<ActivityIcon className="size-4 text-muted-foreground" aria-hidden="true" />}
          value={records.length}
          note="Scored replies"
        />
        <Figure
          label="Improvement"
          icon={<TrendIcon className="size-4 text-muted-foreground" aria-hidden="true" />}
          value={<Improvement value={trend} />}
          note={trend === null ? 'Shown from 10 scored replies' : 'Last 5 scores against the 5 before'}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Training History</CardTitle>
          <CardDescription>The last {HISTORY_LENGTH} scored replies.</CardDescription>
        </CardHeader>
        <CardContent>
          {history.length === 0 ? (
            <p className="text-sm text-muted-foreground">No training sessions yet.</p>
          ) : (
            <ol className="flex flex-col divide-y" aria-label="Training history">
              {history.map((record) => (
                <li key={record.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium break-words">{record.user_message}</span>
                    <div className="flex items-center gap-2">
                      {record.corrected_response && <Badge variant="secondary">Corrected</Badge>}
                      <ScoreBadge score={record.score} />
                    </div>
                  </div>
                  <p className="line-clamp-2 text-sm text-muted-foreground">{record.ai_response}</p>
                  {record.corrected_response && (
                    <p className="line-clamp-2 text-sm">
                      <span className="font-medium">Correction: </span>
                      {record.corrected_response}
                    </p>
                  )}
                  <time className="text-xs text-muted-foreground" dateTime={record.created_at}>
                    {record.scenario} · {dateFormat.format(new Date(record.created_at))}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
