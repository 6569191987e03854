import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachedMethods,
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
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './nag.js';

/**
 * Path of the avatars on the distribution. CloudFront passes the path on as the object key, so
 * `https://{domain}/avatars/{uuid}.{ext}` serves the key `avatars/{uuid}.{ext}` of the avatars bucket:
 * uploads must use keys under `avatars/`.
 */
export const AVATARS_PATH_PATTERN = '/avatars/*';

export interface WebHostingProps {
  readonly productName: string;
  /** Receives the site bucket's server access logs and the distribution's standard logs. */
  readonly accessLogsBucket: IBucket;
  /** Private bucket of the avatars, served read-only under AVATARS_PATH_PATTERN. */
  readonly avatarsBucket: IBucket;
}

/**
 * The public origin of the product: a private site bucket (dashboard and `embed.js`) behind
 * CloudFront with origin access control, SPA fallback to index.html and security headers, plus the
 * avatars bucket under `/avatars/*`. It depends on no API, so functions can be given its URL; the
 * files and `/config.json` are deployed by SiteDeployment once the APIs exist.
 */
export class WebHosting extends Construct {
  readonly distribution: Distribution;
  readonly siteBucket: IBucket;
  /** `https://{distribution domain}`, without a trailing slash. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);

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

    // The public demo page is embedded on other sites by the Share Demo iframe snippet.
    const demoHeaders = new ResponseHeadersPolicy(this, 'DemoHeaders', {
      comment: 'Security headers of the public demo page (frameable)',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          preload: false,
          override: true,
        },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy('*'), override: true },
      },
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(siteBucket);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${props.productName} dashboard, widget and avatars`,
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
      },
      additionalBehaviors: {
        // The embed widget runs on customers' sites: it loads itself and the public config from there.
        ...Object.fromEntries(
          ['/embed.js', '/config.json'].map((path) => [
            path,
            {
              origin: siteOrigin,
              viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
              cachePolicy: CachePolicy.CACHING_OPTIMIZED,
              responseHeadersPolicy: ResponseHeadersPolicy.CORS_ALLOW_ALL_ORIGINS,
              compress: true,
            },
          ]),
        ),
        '/demo': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: demoHeaders,
          compress: true,
        },
        // Read-only, cached, no query string: object keys are random UUIDs, so an object never changes.
        [AVATARS_PATH_PATTERN]: {
          origin: S3BucketOrigin.withOriginAccessControl(props.avatarsBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachedMethods: CachedMethods.CACHE_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: avatarHeaders(this),
          compress: true,
        },
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
      'The distribution serves only static files from private buckets (no origin logic to attack); API abuse is ' +
        'limited at the API (throttling, per-bot and per-client limits). A WAF web ACL costs a monthly fee per ACL and rule.',
    );
    this.url = `https://${this.distribution.distributionDomainName}`;
  }
}

/**
 * The dashboard talks to API Gateway (https + wss), Cognito and presigned S3 URLs, all under
 * amazonaws.com; images may also come from customers' websites (bot avatars, favicons).
 */
/** `frameAncestors`: the dashboard may not be framed; the public demo may (the Share Demo iframe snippet). */
function contentSecurityPolicy(frameAncestors = "'none'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https://*.amazonaws.com",
    "font-src 'self' data:",
    "connect-src 'self' https://*.amazonaws.com wss://*.amazonaws.com",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Avatars are user uploads: an SVG may carry script. Opened directly they would run on the
 * dashboard's origin, so they are served sandboxed (no script, no same origin), never sniffed, and
 * loadable as images by the pages that embed the widget.
 */
function avatarHeaders(scope: Construct): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, 'AvatarHeaders', {
    comment: 'Headers of user-uploaded avatars',
    securityHeadersBehavior: {
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: false, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      contentSecurityPolicy: {
        contentSecurityPolicy: "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
        override: true,
      },
    },
    customHeadersBehavior: {
      customHeaders: [{ header: 'Cross-Origin-Resource-Policy', value: 'cross-origin', override: true }],
    },
  });
}
