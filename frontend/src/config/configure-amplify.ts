import type { RuntimeConfig } from '@contracts/runtime-config';
import { Amplify } from 'aws-amplify';

/** Points Amplify Auth at the user pool named in /config.json (cognito-local needs its endpoint). */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
}
