import type { TrainingPart, trainingStatuses } from '../../contracts/chatbot.js';
import { DEPLOYMENT_READY_QUALITY } from '../../contracts/chatbot.js';

export type TrainingStatus = (typeof trainingStatuses)[number];

/** What an assistant has learned and how it was trained: the only inputs of its quality. */
export interface TrainingSignals {
  pagesIndexed: number;
  /** Words across indexed pages: ten thin pages teach less than ten full ones. */
  wordsIndexed: number;
  knowledgeEntries: number;
  faqs: number;
  ratings: { count: number; meanScore: number };
  corrections: number;
}

/** What would raise it (`hint`) is shown to the owner while points < max. */
export type QualityPart = TrainingPart;

export interface TrainingQuality {
  quality: number;
  status: TrainingStatus;
  parts: QualityPart[];
}

const fraction = (value: number, full: number) => Math.max(0, Math.min(value / full, 1));

/**
 * training_quality (0-100) and training_status from real signals, in one place. The website alone can
 * give 65: reaching the deployment threshold (80) takes knowledge entries, FAQs or training.
 */
export function trainingQuality(signals: TrainingSignals): TrainingQuality {
  const websiteCoverage = (fraction(signals.pagesIndexed, 15) + fraction(signals.wordsIndexed, 6000)) / 2;
  const parts: QualityPart[] = [
    {
      signal: 'website',
      points: Math.round(65 * websiteCoverage),
      max: 65,
      hint: 'Index more pages of your website (at least 15 pages with real text).',
    },
    {
      signal: 'knowledge',
      points: Math.round(10 * fraction(signals.knowledgeEntries, 5)),
      max: 10,
      hint: 'Add knowledge entries or documents (5 or more).',
    },
    { signal: 'faqs', points: Math.round(10 * fraction(signals.faqs, 8)), max: 10, hint: 'Add or generate FAQs (8 or more).' },
    {
      signal: 'ratings',
      points: Math.round(10 * fraction(signals.ratings.count, 10) * fraction(signals.ratings.meanScore, 100)),
      max: 10,
      hint: 'Rate replies in the Training studio (10 or more, well rated).',
    },
    {
      signal: 'corrections',
      points: Math.round(5 * fraction(signals.corrections, 5)),
      max: 5,
      hint: 'Correct replies that were not right (5 or more corrections).',
    },
  ];
  const quality = Math.min(100, parts.reduce((sum, part) => sum + part.points, 0));
  return { quality, status: statusFor(quality), parts };
}

export function statusFor(quality: number): TrainingStatus {
  if (quality >= DEPLOYMENT_READY_QUALITY) return 'ready_for_deployment';
  if (quality >= 50) return 'in_training';
  if (quality > 0) return 'needs_training';
  return 'untrained';
}
