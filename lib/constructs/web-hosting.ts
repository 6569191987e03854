import fs from 'node:fs';
import path from 'node:path';
import { BOOTSTRAP_QUALIFIER_CONTEXT, DefaultStackSynthesizer, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../functions/contracts/runtime-config.js';
import { repoPath } from './repo-path.js';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';

/** Where `npm run build:web` writes the React build, relative to the repository root. */
export const DEFAULT_SITE_ASSET_PATH = 'dist/site';
/** Vite's output folder for content-hashed files: safe to cache forever. */
const HASHED_ASSETS = 'assets/*';

export interface WebHostingProps {
  readonly productName: string;
  /** HTTP API base URL and WebSocket stage URL, written into /config.json. */
  readonly apiUrl: string;
  readonly realtimeUrl: string;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** Receives the site bucket's server access logs and the distribution's standard logs. */
  readonly accessLogsBucket: IBucket;
  /** Folder with the React build (must contain index.html). @default dist/site under the repository root */
  readonly siteAssetPath?: string;
}

/**
 * The dashboard and `embed.js`: a private bucket behind CloudFront (origin access control), SPA
 * fallback to index.html, security headers, and `/config.json` generated from the stack's outputs.
 */
export class WebHosting extends Construct {
  readonly distribution: Distribution;
  readonly siteBucket: IBucket;
  /** `https://{distribution domain}` */
  readonly url: string;
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    const sitePath = resolveSiteAssetPath(props.siteAssetPath);

    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.siteBucket = siteBucket;

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of the dashboard',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          preload: false,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(), override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          // Voice needs the microphone on our own pages only.
          { header: 'Permissions-Policy', value: 'microphone=(self), camera=(), geolocation=()', override: true },
        ],
      },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${props.productName} dashboard`,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
      },
      defaultRootObject: 'index.html',
      // Client-side routes (/chatbots/123) are not objects: serve the app, which routes itself.
      // The bucket is private, so a missing object answers 403, not 404.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'The distribution uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes; a ' +
        'minimum of TLSv1.2_2021 is set together with the custom domain and its ACM certificate when one is configured.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'The product is sold worldwide; there is no country the dashboard or the widget must be withheld from.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'The distribution serves only static files from a private bucket (no origin logic to attack); API abuse is ' +
        'limited at the API (throttling, per-bot and per-client limits). A WAF web ACL costs a monthly fee per ACL and rule.',
    );
    this.url = `https://${this.distribution.distributionDomainName}`;

    this.runtimeConfig = {
      productName: props.productName,
      region: Stack.of(this).region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      authFlow: 'USER_SRP_AUTH',
      apiUrl: props.apiUrl,
      realtimeUrl: props.realtimeUrl,
    };

    // Content-hashed files first, cached for a year; old ones stay for browsers still on an old index.html.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(sitePath)],
      destinationBucket: siteBucket,
      exclude: ['*'],
      include: [HASHED_ASSETS],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
    });
    // Then everything with a stable name (index.html, embed.js, config.json): browsers revalidate,
    // CloudFront keeps them until the invalidation this deployment sends.
    const entry = new BucketDeployment(this, 'DeployEntryFiles', {
      sources: [Source.asset(sitePath), Source.jsonData('config.json', this.runtimeConfig)],
      destinationBucket: siteBucket,
      exclude: [HASHED_ASSETS],
      prune: true,
      cacheControl: [CacheControl.noCache(), CacheControl.sMaxAge(Duration.days(365))],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    entry.node.addDependency(assets);
    acknowledgeDeploymentHandler(this, siteBucket);
  }
}

/** The React build folder, or a clear error if it has not been built. */
export function resolveSiteAssetPath(siteAssetPath?: string): string {
  const sitePath = siteAssetPath ? path.resolve(siteAssetPath) : repoPath(DEFAULT_SITE_ASSET_PATH);
  if (!fs.existsSync(path.join(sitePath, 'index.html'))) {
    throw new Error(
      `The web build was not found at ${sitePath} (no index.html). Run \`npm run build:web\` before \`cdk synth\`, ` +
        'or pass siteAssetPath.',
    );
  }
  return sitePath;
}

/**
 * The dashboard talks to API Gateway (https + wss), Cognito and presigned S3 URLs, all under
 * amazonaws.com; images may also come from customers' websites (bot avatars, favicons).
 */
function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https://*.amazonaws.com",
    "font-src 'self' data:",
    "connect-src 'self' https://*.amazonaws.com wss://*.amazonaws.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * BucketDeployment brings its own Lambda function (a singleton aws-cdk-lib adds to the stack), so its
 * findings are acknowledged on that construct, each with the reason it is acceptable.
 */
function acknowledgeDeploymentHandler(scope: Construct, siteBucket: IBucket): void {
  const stack = Stack.of(scope);
  const handlers = stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  const qualifier: string =
    (stack.node.tryGetContext(BOOTSTRAP_QUALIFIER_CONTEXT) as string | undefined) ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const why = 'CDK BucketDeployment handler (aws-cdk-lib code that runs only while deploying the site)';
  for (const handler of handlers) {
    acknowledge(
      handler,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      `${why}: CDK attaches the basic execution policy to the role it creates for its function, for its logs.`,
    );
    acknowledge(handler, 'AwsSolutions-L1', `${why}: its runtime is chosen and upgraded by aws-cdk-lib, not by this project.`);
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      acknowledge(
        handler,
        `AwsSolutions-IAM5[Action::${action}]`,
        `${why}: CDK grants read on its asset bucket and read/write on the site bucket with ${action}; it syncs a whole folder of files.`,
      );
    }
    acknowledge(
      handler,
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-<AWS::Region>/*]`,
      `${why}: it reads the uploaded site zip from the CDK bootstrap asset bucket, whose object keys are content hashes.`,
    );
    acknowledgeWildcardResource(
      handler,
      siteBucket.arnForObjects('*'),
      `${why}: it writes and prunes the site files, whose names come from the web build.`,
    );
    acknowledge(
      handler,
      'AwsSolutions-IAM5[Resource::*]',
      `${why}: cloudfront:CreateInvalidation/GetInvalidation, which CDK grants on * to invalidate the distribution after a deploy.`,
    );
  }
}
