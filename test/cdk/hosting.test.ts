import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../../functions/contracts/runtime-config.js';
import { resolveSiteAssetPath } from '../../lib/constructs/web-hosting.js';
import { logicalIdOf, resourcesOfType, synthStack } from './app-template.js';

const { template, stack, app, config } = synthStack();
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
const distributionId = logicalIdOf(stack.web.distribution);
const siteBucketId = logicalIdOf(stack.web.siteBucket);
const distribution = resources[distributionId]?.Properties.DistributionConfig as Record<string, unknown>;
const deployments = Object.values(resourcesOfType(template, 'Custom::CDKBucketDeployment'));

describe('distribution', () => {
  it('reads the private site bucket through origin access control (no OAI, no public website)', () => {
    const origins = distribution.Origins as Record<string, unknown>[];
    expect(origins).toHaveLength(1);
    expect(origins[0]).toMatchObject({
      DomainName: { 'Fn::GetAtt': [siteBucketId, 'RegionalDomainName'] },
      OriginAccessControlId: { 'Fn::GetAtt': [expect.any(String), 'Id'] },
      S3OriginConfig: { OriginAccessIdentity: '' },
    });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
  });

  it('is the only reader of the site bucket: GetObject for this distribution', () => {
    const policy = Object.values(resourcesOfType(template, 'AWS::S3::BucketPolicy')).find(
      (p) => (p.Properties?.Bucket as { Ref?: string }).Ref === siteBucketId,
    );
    const allows = (policy?.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement.filter(
      (s) => s.Effect === 'Allow',
    );
    expect(allows).toEqual([
      expect.objectContaining({
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.objectContaining({ 'Fn::Join': expect.any(Array) }) } },
      }),
    ]);
    expect(JSON.stringify(allows)).toContain(distributionId);
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
        .filter((k) => k !== 'userPoolEndpoint')
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
