import { GOOD_ESCALATION_RATE, figureDefinitions, type AnalyticsResult } from '@contracts/analytics';
import { FigureCard } from './FigureCard';
import { TONE_TEXT, escalationTone, formatDuration, performanceLabel, scoreTone } from './performance-labels';

/** How well the assistant resolves questions. */
export function PerformanceTab({ data }: { data: AnalyticsResult }) {
  const rated = data.ratings.thumbsUp + data.ratings.thumbsDown + data.ratings.training;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <FigureCard
        label="Performance Score"
        value={data.performanceScore ?? '-'}
        valueClassName={data.performanceScore === null ? undefined : TONE_TEXT[scoreTone(data.performanceScore)]}
        definition={figureDefinitions.performanceScore}
        note={data.performanceScore === null ? 'Needs conversations in this period' : performanceLabel(data.performanceScore)}
      />
      <FigureCard
        label="Resolution Rate"
        value={data.resolutionRate === null ? '-' : `${data.resolutionRate}%`}
        valueClassName={data.resolutionRate === null ? undefined : TONE_TEXT[scoreTone(data.resolutionRate)]}
        definition={figureDefinitions.resolutionRate}
      />
      <FigureCard
        label="Escalation Rate"
        value={data.escalationRate === null ? '-' : `${data.escalationRate}%`}
        valueClassName={data.escalationRate === null ? undefined : TONE_TEXT[escalationTone(data.escalationRate)]}
        definition={figureDefinitions.escalationRate}
        note={`At most ${GOOD_ESCALATION_RATE}% is good`}
      />
      <FigureCard
        label="Satisfaction"
        value={data.satisfactionScore === null ? '-' : `${data.satisfactionScore}%`}
        valueClassName={data.satisfactionScore === null ? undefined : TONE_TEXT[scoreTone(data.satisfactionScore)]}
        definition={figureDefinitions.satisfactionScore}
        note={`${rated} rating${rated === 1 ? '' : 's'}: ${data.ratings.thumbsUp} thumbs up, ${data.ratings.thumbsDown} thumbs down, ${data.ratings.training} in training`}
      />
      <FigureCard
        label="Avg Response Time"
        value={data.avgResponseTime === null ? '-' : formatDuration(data.avgResponseTime)}
        definition={figureDefinitions.avgResponseTime}
      />
      <FigureCard
        label="Unanswered Questions"
        value={data.fallbackAnswers}
        definition={figureDefinitions.fallbackAnswers}
      />
    </div>
  );
}
