/**
 * The SDK needs credentials and a region. The other stand-ins accept any key; s3rver knows only its
 * own (S3RVER), so every local client uses that one.
 */
export const LOCAL_REGION = 'us-east-1';
export const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Physical names of the local resources (the CDK stack names its own on AWS). */
export const localResourceNames = {
  table: 'assistants-local',
  avatarsBucket: 'avatars',
  documentsBucket: 'knowledge-documents',
  userPool: 'assistants-local',
  userPoolClient: 'web',
} as const;
