import { figureDefinitions, type AnalyticsResult, type SuggestionAction } from '@contracts/analytics';
import { BookPlusIcon, LightbulbIcon, PencilLineIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from './FigureCard';

const ratingText = (rating: number | null) => (rating === null ? 'not rated' : `${rating}% helpful`);

/** What visitors ask, what went wrong, and what to teach the assistant next (each with its action). */
export function InsightsTab({ data, onAction }: { data: AnalyticsResult; onAction: (action: SuggestionAction) => void }) {
  return (
    <div className="flex flex-col gap-4">
      {data.summary && (
        <SectionCard
          title="Summary"
          definition={
            data.summaryBy === 'model'
              ? "Written by the AI model from this period's figures and questions."
              : "This period's figures in sentences (no AI model writes it: none is configured, or it did not answer)."
          }
        >
          <p className="text-sm leading-relaxed">{data.summary}</p>
          <p className="mt-2 text-xs text-muted-foreground">{data.summaryBy === 'model' ? 'Written by the AI model.' : 'Told from the figures; no AI model wrote this.'}</p>
        </SectionCard>
      )}
      <SectionCard title="Improvement Suggestions" definition={figureDefinitions.improvementSuggestions}>
        {data.improvementSuggestions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to improve in this period.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Improvement suggestions">
            {data.improvementSuggestions.map((suggestion) => (
              <li key={suggestion.text} className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between">
                <span className="flex items-start gap-2 text-sm">
                  <LightbulbIcon className="mt-0.5 size-4 shrink-0 text-yellow-600" aria-hidden="true" />
                  {suggestion.text}
                </span>
                {suggestion.action && (
                  <Button size="sm" variant="outline" className="shrink-0" onClick={() => onAction(suggestion.action!)}>
                    {suggestion.action.type === 'add_knowledge' ? (
                      <>
                        <BookPlusIcon aria-hidden="true" /> Add to Knowledge
                      </>
                    ) : (
                      <>
                        <PencilLineIcon aria-hidden="true" /> Correct Answer
                      </>
                    )}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title="Common Questions" definition={figureDefinitions.commonQuestions}>
          {data.commonQuestions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No questions in this period yet.</p>
          ) : (
            <ol className="flex flex-col gap-2" aria-label="Common questions">
              {data.commonQuestions.map((q) => (
                <li key={q.question} className="flex items-center justify-between gap-3 text-sm">
                  <span className="min-w-0 break-words">{q.question}</span>
                  <span className="flex shrink-0 items-center gap-2 text-muted-foreground">
                    <Badge variant="secondary">{q.frequency}×</Badge>
                    {ratingText(q.avgRating)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </SectionCard>
        <SectionCard title="Top Issues" definition={figureDefinitions.topIssues}>
          {data.topIssues.length === 0 ? (
            <p className="text-sm text-muted-foreground">No unanswered or down-rated questions in this period.</p>
          ) : (
            <ol className="flex flex-col gap-2" aria-label="Top issues">
              {data.topIssues.map((issue) => (
                <li key={`${issue.reason}:${issue.issue}`} className="flex items-center justify-between gap-3 text-sm">
                  <span className="min-w-0 break-words">{issue.issue}</span>
                  <span className="flex shrink-0 items-center gap-2 text-muted-foreground">
                    <Badge variant="secondary">{issue.count}×</Badge>
                    {issue.reason === 'no_answer' ? 'no answer' : 'rated down'}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </SectionCard>
      </div>
      {data.questionsExamined > 0 && (
        <p className="text-xs text-muted-foreground">Question lists made from the newest {data.questionsExamined} questions of this period.</p>
      )}
    </div>
  );
}
