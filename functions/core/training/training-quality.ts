import type { TrainingPart, trainingStatuses } from '../../contracts/chatbot.js';
import { DEPLOYMENT_READY_QUALITY } from '../../contracts/chatbot.js';

export type TrainingStatus = (typeof trainingStatuses)[number];

/** How the assistant answers questions made from its own knowledge, and how the owner trained it. */
export interface TrainingSignals {
  /** Questions made from its knowledge (knowledge-probes.ts) and how many it answered from the right passage. */
  probes: number;
  answered: number;
  /** The questions it missed, first ones first. */
  failedQuestions: string[];
  ratings: { count: number; meanScore: number };
  corrections: number;
}

/** What would raise it (`hint`, and the questions missed) is shown to the owner while points < max. */
export type QualityPart = TrainingPart;

export interface TrainingQuality {
  quality: number;
  status: TrainingStatus;
  parts: QualityPart[];
}

const ANSWERS_MAX = 90;
/** Fewer questions than this cannot show the assistant knows a business: an empty site scores low. */
const MIN_PROBES = 8;
const LISTED_QUESTIONS = 5;

const fraction = (value: number, full: number) => Math.max(0, Math.min(value / full, 1));

/**
 * training_quality (0-100) and training_status in one place. Most of it is measured: the share of
 * questions made from its own knowledge that the assistant answers from the right passage, so a
 * complete small site can reach the deployment threshold (80) and an empty or broken one cannot.
 * The owner's ratings and corrections add the rest; replies rated mostly bad (3 or more, average
 * below 50) take answer points away.
 */
export function trainingQuality(signals: TrainingSignals): TrainingQuality {
  const { probes, answered, ratings } = signals;
  const badlyRated = ratings.count >= 3 && ratings.meanScore < 50 ? 0.5 + ratings.meanScore / 100 : 1;
  const answerShare = probes ? answered / probes : 0;
  const parts: QualityPart[] = [
    {
      signal: 'answers',
      points: Math.round(ANSWERS_MAX * answerShare * fraction(probes, MIN_PROBES) * badlyRated),
      max: ANSWERS_MAX,
      hint: !probes
        ? 'Add your website or knowledge: there is nothing to answer from yet.'
        : probes < MIN_PROBES
          ? `Add more knowledge: ${probes} ${probes === 1 ? 'question' : 'questions'} could be made from it (${MIN_PROBES} or more).`
          : `It answered ${answered} of ${probes} questions made from its own knowledge. Teach it the ones it missed.`,
      ...(signals.failedQuestions.length ? { questions: signals.failedQuestions.slice(0, LISTED_QUESTIONS) } : {}),
    },
    {
      signal: 'ratings',
      points: Math.round(5 * fraction(ratings.count, 10) * fraction(ratings.meanScore, 100)),
      max: 5,
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
