import type { OnboardingProgress } from '../contracts/onboarding.js';
import { httpHandler } from '../core/http/http-handler.js';
import { getOnboardingProgress } from '../core/onboarding/onboarding.js';

export const handler = httpHandler(
  { route: 'get-onboarding' },
  ({ identity }): Promise<OnboardingProgress> => getOnboardingProgress(identity.userId),
);
