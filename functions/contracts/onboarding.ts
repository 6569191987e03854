import * as z from 'zod';

/** Spec 001 /onboarding: the six steps of the 'AI Agent Mastery Guide', in order. */
export const onboardingStepIds = ['create', 'test', 'train', 'deploy', 'monitor', 'scale'] as const;
export type OnboardingStepId = (typeof onboardingStepIds)[number];

export const onboardingProgressSchema = z.object({
  /** Every completed step: marked by the owner, or found in what they did. */
  completed: z.array(z.enum(onboardingStepIds)),
  /** The completed steps the product found in what the owner did (created, tested, trained, deployed, answered a customer). */
  detected: z.array(z.enum(onboardingStepIds)),
});
export type OnboardingProgress = z.infer<typeof onboardingProgressSchema>;

export const onboardingStepParamsSchema = z.object({ step: z.enum(onboardingStepIds) });
