import { KNOWLEDGE_UPDATE_TEXT, type Chatbot } from '@contracts/chatbot';
import { qualityShortfallText, qualityTone, trainingStatusDisplay, type Tone } from '@/chatbots/training-quality';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';

const BADGE_TONE: Record<Tone, string> = {
  green: 'border-green-200 bg-green-100 text-green-800',
  yellow: 'border-yellow-200 bg-yellow-100 text-yellow-800',
  red: 'border-red-200 bg-red-100 text-red-800',
  gray: 'border-border bg-muted text-muted-foreground',
};

const TEXT_TONE: Record<Exclude<Tone, 'gray'>, string> = {
  green: 'text-green-700',
  yellow: 'text-yellow-700',
  red: 'text-red-700',
};

const BAR_TONE: Record<Exclude<Tone, 'gray'>, string> = {
  green: 'bg-green-600',
  yellow: 'bg-yellow-500',
  red: 'bg-red-500',
};

interface TrainingQualityIndicatorProps {
  /** 0 to 100; null or undefined when there is no data. */
  quality: number | null | undefined;
  status: Chatbot['training_status'] | null | undefined;
  label: string;
  /** What quality is made of; below the threshold its hints say what would raise it. */
  breakdown?: Chatbot['training_breakdown'];
  /** Opens the Knowledge dialog with a question the assistant missed; absent for who may not edit. */
  onTeach?: (question: string) => void;
  /** Whether the quality includes the latest knowledge change (re-indexed off the request). */
  update?: Chatbot['knowledge_update'];
}

/** Spec 000 section 4, "Training status values" and the training quality colours. */
export function TrainingQualityIndicator({ quality, status, label, breakdown = [], onTeach, update = 'current' }: TrainingQualityIndicatorProps) {
  const display = trainingStatusDisplay(status);
  if (quality === null || quality === undefined) {
    return (
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Training Quality</span>
        <span className="text-muted-foreground">No Data</span>
      </div>
    );
  }
  const tone = qualityTone(quality);
  // A quality about to be measured again is not shown as final: no shortfall, no hints from it.
  const shortfall = update === 'updating' ? null : qualityShortfallText(quality);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Training Quality</span>
        <span className="flex items-center gap-2">
          <span className={cn('font-semibold tabular-nums', TEXT_TONE[tone])}>{quality}%</span>
          {update === 'updating' ? (
            <Badge variant="outline" className={BADGE_TONE.gray}>
              Updating
            </Badge>
          ) : (
            <Badge variant="outline" className={BADGE_TONE[display.tone]}>
              {display.label}
            </Badge>
          )}
        </span>
      </div>
      <Progress value={quality} aria-label={label} className="h-1.5 bg-muted" indicatorClassName={BAR_TONE[tone]} />
      {update !== 'current' && (
        <p className={cn('text-xs', update === 'failed' ? 'text-red-700' : 'text-muted-foreground')} role="status">
          {KNOWLEDGE_UPDATE_TEXT[update]}
        </p>
      )}
      {shortfall && <p className="text-xs text-muted-foreground">{shortfall}</p>}
      {shortfall && breakdown.some((part) => part.points < part.max) && (
        <details className="text-xs text-muted-foreground">
          <summary className="cursor-pointer">What would raise it</summary>
          <ul className="mt-1 list-disc pl-4">
            {breakdown
              .filter((part) => part.points < part.max)
              .map((part) => (
                <li key={part.signal}>
                  {part.hint} ({part.points}/{part.max})
                  {part.questions && part.questions.length > 0 && (
                    <ul className="mt-1 flex flex-col gap-1" aria-label="Questions it missed">
                      {part.questions.map((question) => (
                        <li key={question} className="flex items-center justify-between gap-2">
                          <span className="min-w-0 break-words">{question}</span>
                          {onTeach && (
                            <Button
                              type="button"
                              variant="outline"
                              size="sm"
                              className="h-6 shrink-0 px-2 text-xs"
                              onClick={(event) => {
                                event.stopPropagation();
                                onTeach(question);
                              }}
                            >
                              Teach the answer
                            </Button>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
          </ul>
        </details>
      )}
    </div>
  );
}
