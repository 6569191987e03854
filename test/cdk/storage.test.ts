import { describe, expect, it } from 'vitest';
import { logicalIdOf, resourcesOfType, synthStack } from './app-template.js';

const origins = ['https://app.example.com'];
const { template, stack } = synthStack({ allowedOrigins: origins });
const buckets = resourcesOfType(template, 'AWS::S3::Bucket');
const policies = Object.values(resourcesOfType(template, 'AWS::S3::BucketPolicy'));
const userBuckets = {
  avatars: logicalIdOf(stack.storage.avatarsBucket),
  'knowledge-documents': logicalIdOf(stack.storage.documentsBucket),
};

function policyOf(bucketId: string) {
  const policy = policies.find((p) => (p.Properties?.Bucket as { Ref?: string }).Ref === bucketId);
  return (policy?.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] } | undefined)?.Statement ?? [];
}

describe('every bucket', () => {
  it.each(Object.keys(buckets))('%s blocks public access, is encrypted and accepts TLS only', (id) => {
    expect(buckets[id]?.Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(buckets[id]?.Properties?.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(policyOf(id)).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Principal: { AWS: '*' },
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('is kept when the stack is deleted', () => {
    for (const bucket of Object.values(buckets)) expect(bucket.DeletionPolicy).toBe('Retain');
  });
});

describe.each(Object.entries(userBuckets))('%s bucket', (name, id) => {
  const bucket = buckets[id];

  it('is versioned and logs access to the access-log bucket', () => {
    expect(bucket?.Properties?.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket?.Properties?.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logicalIdOf(stack.storage.accessLogsBucket) },
      LogFilePrefix: `${name}/`,
    });
  });

  it('lets only the dashboard origins use presigned PUT/GET from a browser', () => {
    const rules = (bucket?.Properties?.CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
    expect(rules).toHaveLength(1);
    expect(rules[0]?.AllowedOrigins).toEqual(origins);
    expect([...(rules[0]?.AllowedMethods as string[])].sort()).toEqual(['GET', 'HEAD', 'PUT']);
  });

  it('allows no one in by its policy, except CloudFront reading avatars (see hosting.test.ts)', () => {
    const allows = policyOf(id).filter((s) => s.Effect === 'Allow');
    if (name === 'avatars') {
      expect(allows).toEqual([
        expect.objectContaining({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } }),
      ]);
      expect(JSON.stringify(allows[0]?.Condition)).toContain(logicalIdOf(stack.web.distribution));
    } else {
      expect(allows).toEqual([]);
    }
  });
});

describe('knowledge-documents bucket', () => {
  it('expires document uploads that were never processed, and only those', () => {
    const rulesOf = (id: string) =>
      (buckets[id]?.Properties?.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    const rules = rulesOf(userBuckets['knowledge-documents']);
    expect(rules).toContainEqual(
      expect.objectContaining({
        Prefix: 'uploads/',
        ExpirationInDays: 1,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      }),
    );
    expect(rules.filter((r) => r.ExpirationInDays !== undefined)).toHaveLength(1);
    expect(rulesOf(userBuckets.avatars).some((r) => r.Prefix)).toBe(false);
  });
});
