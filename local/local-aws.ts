/** The stand-ins accept any credentials; the SDK still needs some, and a region. */
export const LOCAL_REGION = 'us-east-1';
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Physical names of the local resources (the CDK stack names its own on AWS). */
export const localResourceNames = {
  table: 'assistants-local',
  avatarsBucket: 'avatars',
  documentsBucket: 'knowledge-documents',
  userPool: 'assistants-local',
  userPoolClient: 'web',
} as const;
