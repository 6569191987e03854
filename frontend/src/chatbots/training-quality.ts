import { DEPLOYMENT_READY_QUALITY, type Chatbot } from '@contracts/chatbot';

export type Tone = 'green' | 'yellow' | 'red' | 'gray';

/** Spec 000 section 4, "Training status values": anything else or missing is Untrained. */
export function trainingStatusDisplay(status: Chatbot['training_status'] | null | undefined): { label: string; tone: Tone } {
  switch (status) {
    case 'ready_for_deployment':
      return { label: 'Ready', tone: 'green' };
    case 'in_training':
      return { label: 'Training', tone: 'yellow' };
    case 'needs_training':
      return { label: 'Needs Training', tone: 'red' };
    default:
      return { label: 'Untrained', tone: 'gray' };
  }
}

/** Training quality colour: 80 or more green, 50 to 79 yellow, below 50 red. */
export function qualityTone(quality: number): Exclude<Tone, 'gray'> {
  if (quality >= DEPLOYMENT_READY_QUALITY) return 'green';
  if (quality >= 50) return 'yellow';
  return 'red';
}

/** Below the readiness threshold: '{80 minus quality}% more needed for deployment'. */
export function qualityShortfallText(quality: number): string | null {
  return quality < DEPLOYMENT_READY_QUALITY ? `${DEPLOYMENT_READY_QUALITY - quality}% more needed for deployment` : null;
}
