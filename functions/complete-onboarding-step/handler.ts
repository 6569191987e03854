import { onboardingStepParamsSchema, type OnboardingProgress } from '../contracts/onboarding.js';
import { badRequest } from '../core/http/http-error.js';
import { httpHandler } from '../core/http/http-handler.js';
import { describeIssues } from '../core/http/json-body.js';
import { markOnboardingStep } from '../core/onboarding/onboarding.js';

export const handler = httpHandler({ route: 'complete-onboarding-step' }, ({ identity, pathParameters }): Promise<OnboardingProgress> => {
  const parsed = onboardingStepParamsSchema.safeParse(pathParameters);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error));
  return markOnboardingStep(identity.userId, parsed.data.step);
});
