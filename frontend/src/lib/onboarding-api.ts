import { onboardingProgressSchema, type OnboardingProgress, type OnboardingStepId } from '@contracts/onboarding';
import type { ApiClient } from '@/lib/api';

/** GET /onboarding: the steps the owner completed (marked, or found in what they did). */
export function getOnboarding(api: ApiClient, signal?: AbortSignal): Promise<OnboardingProgress> {
  return api.request('/onboarding', { schema: onboardingProgressSchema, signal });
}

/** PUT /onboarding/steps/{step}: 'Mark Complete'. */
export function completeOnboardingStep(api: ApiClient, step: OnboardingStepId): Promise<OnboardingProgress> {
  return api.request(`/onboarding/steps/${step}`, { method: 'PUT', schema: onboardingProgressSchema });
}
