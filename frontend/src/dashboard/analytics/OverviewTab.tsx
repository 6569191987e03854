import { figureDefinitions, type AnalyticsResult } from '@contracts/analytics';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { TrendChart } from './charts';
import { FigureCard, SectionCard } from './FigureCard';
import { TONE_BADGE, TONE_TEXT, formatDuration, performanceLabel, scoreTone } from './performance-labels';

const percent = (value: number | null) => (value === null ? '-' : `${value}%`);

/** The headline figures and the trend. */
export function OverviewTab({ data }: { data: AnalyticsResult }) {
  const score = data.performanceScore;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FigureCard label="Total Conversations" value={data.totalConversations} definition={figureDefinitions.totalConversations} />
        <FigureCard label="Active Users" value={data.activeUsers} definition={figureDefinitions.activeUsers} />
        <FigureCard
          label="Avg Response Time"
          value={data.avgResponseTime === null ? '-' : formatDuration(data.avgResponseTime)}
          definition={figureDefinitions.avgResponseTime}
        />
        <FigureCard
          label="Satisfaction"
          value={percent(data.satisfactionScore)}
          valueClassName={data.satisfactionScore === null ? undefined : TONE_TEXT[scoreTone(data.satisfactionScore)]}
          definition={figureDefinitions.satisfactionScore}
          note={data.satisfactionScore === null ? 'No ratings yet' : undefined}
        />
      </div>
      <FigureCard
        label="Performance Score"
        value={
          score === null ? (
            '-'
          ) : (
            <span className="flex items-center gap-3">
              {score}
              <Badge variant="outline" className={cn('text-sm', TONE_BADGE[scoreTone(score)])} data-tone={scoreTone(score)}>
                {performanceLabel(score)}
              </Badge>
            </span>
          )
        }
        valueClassName={score === null ? undefined : TONE_TEXT[scoreTone(score)]}
        definition={figureDefinitions.performanceScore}
        note={score === null ? 'Needs conversations in this period' : undefined}
      />
      <SectionCard title={data.trendUnit === 'week' ? 'Weekly Trend' : 'Daily Trend'} definition={figureDefinitions.weeklyTrend}>
        <TrendChart data={data} />
      </SectionCard>
    </div>
  );
}
