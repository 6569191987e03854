import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../../functions/contracts/runtime-config.js';
import { resolveSiteAssetPath } from '../../lib/constructs/site-deployment.js';
import { AVATARS_PATH_PATTERN } from '../../lib/constructs/web-hosting.js';
import { logicalIdOf, resourcesOfType, synthStack } from './app-template.js';

const { template, stack, app, config } = synthStack();
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
const distributionId = logicalIdOf(stack.web.distribution);
const siteBucketId = logicalIdOf(stack.web.siteBucket);
const avatarsBucketId = logicalIdOf(stack.storage.avatarsBucket);
const distribution = resources[distributionId]?.Properties.DistributionConfig as Record<string, unknown>;
const origins = distribution.Origins as Record<string, unknown>[];
const originOf = (bucketId: string) =>
  origins.find((o) => JSON.stringify(o.DomainName) === JSON.stringify({ 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] }));
const distributionArn = {
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: distributionId }]],
};

function allowsOf(bucketId: string): Record<string, unknown>[] {
  const policy = Object.values(resourcesOfType(template, 'AWS::S3::BucketPolicy')).find(
    (p) => (p.Properties?.Bucket as { Ref?: string }).Ref === bucketId,
  );
  return (policy?.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement.filter((s) => s.Effect === 'Allow');
}

/** The origin access control of an origin (each S3 origin signs its requests with SigV4). */
function expectOriginAccessControl(origin: Record<string, unknown> | undefined): void {
  expect(origin).toMatchObject({
    OriginAccessControlId: { 'Fn::GetAtt': [expect.any(String), 'Id'] },
    S3OriginConfig: { OriginAccessIdentity: '' },
  });
  const oacId = (origin?.OriginAccessControlId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  expect(resources[oacId]).toMatchObject({
    Type: 'AWS::CloudFront::OriginAccessControl',
    Properties: {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    },
  });
}
const deployments = Object.values(resourcesOfType(template, 'Custom::CDKBucketDeployment'));

describe('distribution', () => {
  it('has two origins: the site bucket and the avatars bucket', () => {
    expect(origins).toHaveLength(2);
    expect(originOf(siteBucketId)).toBeDefined();
    expect(originOf(avatarsBucketId)).toBeDefined();
  });

  it('reads the private site bucket through origin access control (no OAI, no public website)', () => {
    const site = originOf(siteBucketId);
    expectOriginAccessControl(site);
    expect((distribution.DefaultCacheBehavior as Record<string, unknown>).TargetOriginId).toBe(site?.Id);
  });

  it('is the only reader of the site bucket: GetObject for this distribution', () => {
    expect(allowsOf(siteBucketId)).toEqual([
      {
        Effect: 'Allow',
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [siteBucketId, 'Arn'] }, '/*']] },
        Condition: { StringEquals: { 'AWS:SourceArn': distributionArn } },
      },
    ]);
  });

  it('depends on buckets only (no API, no function), so functions can be given its URL without a cycle', () => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      const resource = template.toJSON().Resources[id] as Record<string, unknown>;
      const json = JSON.stringify({ p: resource.Properties, d: resource.DependsOn });
      for (const [, ref] of json.matchAll(/"(?:Ref|Fn::GetAtt)":\[?"([A-Za-z0-9]+)"/g)) {
        if (ref && ref in resources && !seen.has(ref)) {
          seen.add(ref);
          visit(ref);
        }
      }
      for (const dep of ([] as string[]).concat((resource.DependsOn as string[] | string | undefined) ?? [])) {
        if (!seen.has(dep)) {
          seen.add(dep);
          visit(dep);
        }
      }
    };
    visit(distributionId);
    expect([...new Set([...seen].map((id) => resources[id]?.Type))].sort()).toEqual([
      'AWS::CloudFront::OriginAccessControl',
      'AWS::CloudFront::ResponseHeadersPolicy',
      'AWS::S3::Bucket',
    ]);
  });

  it('serves index.html at / and for client-side routes (403/404 -> /index.html 200)', () => {
    expect(distribution.DefaultRootObject).toBe('index.html');
    expect(distribution.CustomErrorResponses).toEqual(
      expect.arrayContaining([403, 404].map((ErrorCode) => expect.objectContaining({ ErrorCode, ResponseCode: 200, ResponsePagePath: '/index.html' }))),
    );
  });

  it('redirects http to https and sends the security headers', () => {
    const behavior = distribution.DefaultCacheBehavior as Record<string, unknown>;
    expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    const policyId = (behavior.ResponseHeadersPolicyId as { Ref: string }).Ref;
    const headers = (resources[policyId]?.Properties.ResponseHeadersPolicyConfig as Record<string, Record<string, Record<string, unknown>>>)
      .SecurityHeadersConfig;
    expect(headers?.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(headers?.StrictTransportSecurity?.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers?.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(headers?.ContentTypeOptions).toMatchObject({ Override: true });
    const csp = String(headers?.ContentSecurityPolicy?.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('writes standard logs to the access-log bucket', () => {
    expect(distribution.Logging).toMatchObject({
      Bucket: { 'Fn::GetAtt': [logicalIdOf(stack.storage.accessLogsBucket), 'RegionalDomainName'] },
    });
  });
});

describe('avatars behaviour', () => {
  const behaviors = (distribution.CacheBehaviors ?? []) as Record<string, unknown>[];
  const avatars = behaviors.find((b) => b.PathPattern === AVATARS_PATH_PATTERN);

  it('serves /avatars/* from the avatars bucket through origin access control, so the URL path is the object key', () => {
    expect(AVATARS_PATH_PATTERN).toBe('/avatars/*');
    expect(behaviors.map((b) => b.PathPattern).sort()).toEqual(['/avatars/*', '/config.json', '/demo', '/embed.js']);
    const origin = originOf(avatarsBucketId);
    expect(avatars?.TargetOriginId).toBe(origin?.Id);
    expectOriginAccessControl(origin);
    expect(origin?.OriginPath).toBeUndefined();
  });

  it('is read-only, https only, cached with the managed CachingOptimized policy (no query string)', () => {
    expect(avatars).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      CachedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
      // Managed-CachingOptimized: no cookies, headers or query strings in the cache key.
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
    });
    expect(avatars?.OriginRequestPolicyId).toBeUndefined();
  });

  it('serves uploads sandboxed and never sniffed, so an SVG cannot run script on the dashboard origin', () => {
    const policyId = (avatars?.ResponseHeadersPolicyId as { Ref: string }).Ref;
    const config = resources[policyId]?.Properties.ResponseHeadersPolicyConfig as Record<string, Record<string, Record<string, unknown>>>;
    const csp = String(config.SecurityHeadersConfig?.ContentSecurityPolicy?.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    expect(config.SecurityHeadersConfig?.ContentTypeOptions).toMatchObject({ Override: true });
  });

  it('lets only this distribution read the avatars bucket (GetObject, by distribution ARN)', () => {
    expect(allowsOf(avatarsBucketId)).toEqual([
      {
        Effect: 'Allow',
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [avatarsBucketId, 'Arn'] }, '/*']] },
        Condition: { StringEquals: { 'AWS:SourceArn': distributionArn } },
      },
    ]);
  });

  it('keeps the avatars bucket private (public access blocked)', () => {
    expect(resources[avatarsBucketId]?.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });
});

describe('site deployment', () => {
  it('copies the build into the site bucket and invalidates the distribution', () => {
    expect(deployments.length).toBeGreaterThan(0);
    for (const d of deployments) expect(d.Properties?.DestinationBucketName).toEqual({ Ref: siteBucketId });
    expect(deployments.some((d) => (d.Properties?.DistributionId as { Ref?: string } | undefined)?.Ref === distributionId)).toBe(true);
  });

  it('deploys /config.json with the SRP flow, the product name and every field the browser reads', () => {
    const configFiles = fs
      .readdirSync(app.outdir)
      .filter((entry) => entry.startsWith('asset.'))
      .map((entry) => path.join(app.outdir, entry, 'config.json'))
      .filter((file) => fs.existsSync(file));
    expect(configFiles).toHaveLength(1);
    const written = JSON.parse(fs.readFileSync(configFiles[0] as string, 'utf8')) as Record<string, unknown>;
    expect(written.authFlow).toBe('USER_SRP_AUTH');
    expect(written.productName).toBe(config.productName);
    expect(Object.keys(written).sort()).toEqual(
      Object.keys(runtimeConfigSchema.shape)
        // Optional fields: the local runtime's Cognito endpoint, and a booking link nobody configured.
        .filter((k) => k !== 'userPoolEndpoint' && k !== 'bookingUrl')
        .sort(),
    );
  });

  it('fills the deploy-time values of /config.json from the stack (pool, client, API urls)', () => {
    const markers = deployments.flatMap((d) => (d.Properties?.SourceMarkers as Record<string, unknown>[] | undefined) ?? []);
    const values = JSON.stringify(markers);
    expect(values).toContain(`{"Ref":"${logicalIdOf(stack.auth.userPool)}"}`);
    expect(values).toContain(`{"Ref":"${logicalIdOf(stack.auth.userPoolClient)}"}`);
    expect(values).toContain(`{"Fn::GetAtt":["${logicalIdOf(stack.httpApi.api)}","ApiEndpoint"]}`);
    expect(values).toContain(`{"Ref":"${logicalIdOf(stack.realtime.api)}"}`);
  });
});

describe('missing web build', () => {
  it('fails with a message that says to run npm run build:web', () => {
    expect(() => resolveSiteAssetPath(path.join(app.outdir, 'no-such-build'))).toThrow(/npm run build:web/);
  });
});

describe('what other sites may load from the distribution', () => {
  const behaviors = distribution.CacheBehaviors as Record<string, unknown>[];
  const behavior = (pattern: string) => behaviors.find((b) => b.PathPattern === pattern);
  const policyOf = (b: Record<string, unknown> | undefined) => {
    const id = (b?.ResponseHeadersPolicyId as { Ref?: string } | string | undefined);
    return typeof id === 'object' && id?.Ref ? resources[id.Ref]?.Properties.ResponseHeadersPolicyConfig as Record<string, unknown> : id;
  };

  it('embed.js and config.json are served with CORS for any origin (the widget runs on customer sites)', () => {
    for (const path of ['/embed.js', '/config.json']) {
      // The managed CORS-With-Preflight... policies are referenced by id; any managed CORS policy id is a string.
      expect(typeof policyOf(behavior(path))).toBe('string');
    }
  });

  it('the public demo page may be framed (the Share Demo iframe snippet); the dashboard may not', () => {
    const demo = policyOf(behavior('/demo')) as { SecurityHeadersConfig: Record<string, { ContentSecurityPolicy?: string }> };
    expect(demo.SecurityHeadersConfig.FrameOptions).toBeUndefined();
    expect(demo.SecurityHeadersConfig.ContentSecurityPolicy!.ContentSecurityPolicy).toContain('frame-ancestors *');
    const dashboard = policyOf(distribution.DefaultCacheBehavior as Record<string, unknown>) as {
      SecurityHeadersConfig: Record<string, { FrameOption?: string; ContentSecurityPolicy?: string }>;
    };
    expect(dashboard.SecurityHeadersConfig.FrameOptions!.FrameOption).toBe('DENY');
    expect(dashboard.SecurityHeadersConfig.ContentSecurityPolicy!.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
  });
});
