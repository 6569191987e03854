import fs from 'node:fs';
import path from 'node:path';
import { BOOTSTRAP_QUALIFIER_CONTEXT, DefaultStackSynthesizer, Duration, Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../functions/contracts/runtime-config.js';
import { acknowledge, acknowledgeWildcardResource } from './nag.js';
import { repoPath } from './repo-path.js';

/** Where `npm run build:web` writes the React build, relative to the repository root. */
export const DEFAULT_SITE_ASSET_PATH = 'dist/site';
/** Vite's output folder for content-hashed files: safe to cache forever. */
const HASHED_ASSETS = 'assets/*';

export interface SiteDeploymentProps {
  /** Bucket and distribution of WebHosting. */
  readonly siteBucket: IBucket;
  readonly distribution: IDistribution;
  readonly productName: string;
  /** HTTP API base URL and WebSocket stage URL, written into /config.json. */
  readonly apiUrl: string;
  readonly realtimeUrl: string;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** Folder with the React build (must contain index.html). @default dist/site under the repository root */
  readonly siteAssetPath?: string;
}

/**
 * Copies the React build into the site bucket with `/config.json` generated from the stack (pool,
 * client, API URLs), then invalidates the distribution. Separate from WebHosting because it needs
 * the APIs, whose functions need the distribution's URL.
 */
export class SiteDeployment extends Construct {
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: SiteDeploymentProps) {
    super(scope, id);
    const sitePath = resolveSiteAssetPath(props.siteAssetPath);

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
      destinationBucket: props.siteBucket,
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
      destinationBucket: props.siteBucket,
      exclude: [HASHED_ASSETS],
      prune: true,
      cacheControl: [CacheControl.noCache(), CacheControl.sMaxAge(Duration.days(365))],
      distribution: props.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    entry.node.addDependency(assets);
    acknowledgeDeploymentHandler(this, props.siteBucket);
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
