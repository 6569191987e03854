import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { scoreTone, type ScoreTone } from './training-analytics';

export const SCORE_TEXT_TONE: Record<ScoreTone, string> = {
  green: 'text-green-700',
  yellow: 'text-yellow-700',
  red: 'text-red-700',
};

const BADGE_TONE: Record<ScoreTone, string> = {
  green: 'border-green-200 bg-green-100 text-green-800',
  yellow: 'border-yellow-200 bg-yellow-100 text-yellow-800',
  red: 'border-red-200 bg-red-100 text-red-800',
};

/** A score in its spec colour (spec 000 section 9). */
export function ScoreBadge({ score, className }: { score: number; className?: string }) {
  return (
    <Badge variant="outline" className={cn(BADGE_TONE[scoreTone(score)], className)} data-tone={scoreTone(score)}>
      Score: {score}
    </Badge>
  );
}
