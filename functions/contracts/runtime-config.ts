import * as z from 'zod';

/**
 * `/config.json`, served next to the React build: written by CDK (Source.jsonData) on AWS and by the
 * local runtime in dev. The browser reads it at start; nothing environment-specific is in the bundle.
 */
export const runtimeConfigSchema = z.object({
  productName: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only set locally (cognito-local); on AWS Amplify derives the endpoint from the region. */
  userPoolEndpoint: z.string().url().optional(),
  /** Password flow locally (cognito-local has no SRP), SRP on AWS. */
  authFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  apiUrl: z.string().url(),
  realtimeUrl: z.string(),
  /** The product's own sales calendar for the landing demo chat's booking link; hidden when unset. */
  bookingUrl: z.string().url().optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
