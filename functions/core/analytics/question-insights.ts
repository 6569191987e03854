import { GOOD_ESCALATION_RATE, type AnalyticsResult } from '../../contracts/analytics.js';
import type { RollupFigures } from './figures.js';
import { averageRating, groupQuestions, type LoggedQuestion, type QuestionGroup } from './question-groups.js';

const LISTED = 10;
const KNOWLEDGE_SUGGESTIONS = 5;
const CORRECTION_SUGGESTIONS = 3;
/** Below these the figure gets a suggestion. */
const WEAK_RESOLUTION = 70;
const WEAK_SATISFACTION = 70;

type Insights = Pick<AnalyticsResult, 'commonQuestions' | 'topIssues' | 'improvementSuggestions'>;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const quoted = (group: QuestionGroup) => `“${group.question}”${new Set(group.questions.map((q) => q.question.trim().toLowerCase())).size > 1 ? ' (or the like)' : ''}`;

/**
 * The question lists and what to teach the assistant next: each gap named with its count and an action
 * (add the answer to the knowledge, or correct the answer given), then what the figures call for.
 */
export function questionInsights(questions: readonly LoggedQuestion[], figures: RollupFigures): Insights {
  const asked = questions.filter((q) => q.outcome !== 'other');
  const unanswered = groupQuestions(asked.filter((q) => q.outcome === 'fallback'));
  const unhelpful = groupQuestions(asked.filter((q) => q.outcome !== 'fallback' && q.feedback === 'down'));

  const commonQuestions = groupQuestions(asked)
    .slice(0, LISTED)
    .map((group) => ({ question: group.question, frequency: group.questions.length, avgRating: averageRating(group.questions) }));
  const topIssues = [
    ...unanswered.map((group) => ({ issue: group.question, count: group.questions.length, reason: 'no_answer' as const })),
    ...unhelpful.map((group) => ({ issue: group.question, count: group.questions.length, reason: 'rated_unhelpful' as const })),
  ]
    .sort((a, b) => b.count - a.count)
    .slice(0, LISTED);

  const improvementSuggestions: Insights['improvementSuggestions'] = [
    ...unanswered.slice(0, KNOWLEDGE_SUGGESTIONS).map((group) => ({
      text: `${plural(group.visitors, 'visitor')} asked ${quoted(group)}; the assistant had no answer. Add the answer to its knowledge.`,
      action: { type: 'add_knowledge' as const, question: group.question },
    })),
    ...unhelpful.slice(0, CORRECTION_SUGGESTIONS).map((group) => ({
      text: `${plural(group.questions.length, 'answer')} to ${quoted(group)} got a thumbs down. Correct the answer.`,
      action: { type: 'correct_answer' as const, question: group.question, answer: group.questions[0]!.answer },
    })),
    ...figureSuggestions(figures),
  ];
  return { commonQuestions, topIssues, improvementSuggestions };
}

/** What the figures alone call for (the same with or without a model). */
function figureSuggestions(figures: RollupFigures): Insights['improvementSuggestions'] {
  if (figures.totalConversations === 0) {
    return [{ text: 'No visitor conversations in this period yet: share your demo link or add the chat widget to your website to start collecting them.' }];
  }
  const suggestions: Insights['improvementSuggestions'] = [];
  if (figures.escalationRate !== null && figures.escalationRate > GOOD_ESCALATION_RATE) {
    suggestions.push({
      text: `${figures.escalationRate}% of conversations were handed over to a person (at most ${GOOD_ESCALATION_RATE}% is good): teach the assistant what visitors ask before a handoff, or review the escalation triggers in Controls.`,
    });
  }
  if (figures.resolutionRate !== null && figures.resolutionRate < WEAK_RESOLUTION) {
    suggestions.push({
      text: `Only ${figures.resolutionRate}% of conversations were resolved: answer the top issues above in the knowledge base.`,
    });
  }
  if (figures.satisfactionScore !== null && figures.satisfactionScore < WEAK_SATISFACTION) {
    suggestions.push({
      text: `Satisfaction is ${figures.satisfactionScore}%: review the answers rated down and correct them in the Training studio.`,
    });
  }
  if (figures.ratings.thumbsUp + figures.ratings.thumbsDown + figures.ratings.training === 0) {
    suggestions.push({ text: 'No ratings in this period: rate replies in the Training studio, or turn on feedback in Controls so visitors can.' });
  }
  return suggestions;
}
