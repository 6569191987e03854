import { fromEnv } from '@aws-sdk/credential-provider-env';
import type { defaultProvider as sdkDefaultProvider } from '@aws-sdk/credential-provider-node';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (lib/bundling.ts). Lambda puts
 * the role's credentials in the environment, the first place the SDK's default chain looks; the rest of
 * the chain (profiles, SSO, STS web identity, container and instance metadata) never runs there but
 * weighs about 95 KB in every bundle.
 */
export const defaultProvider: typeof sdkDefaultProvider = (init = {}) => fromEnv(init);
