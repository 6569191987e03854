import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type LifecycleRule,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ABANDONED_UPLOAD_DAYS, DOCUMENT_UPLOADS_PREFIX } from '../../functions/core/documents/upload-storage.js';
import { acknowledge } from './nag.js';

export interface StorageProps {
  /** Origins of the dashboard; browsers upload and download with presigned URLs from there. */
  readonly allowedOrigins: readonly string[];
}

/**
 * Private, encrypted, versioned buckets for user files (avatars, knowledge documents), written and
 * read only through presigned URLs, and the bucket that receives access logs of every bucket and of
 * the CloudFront distribution.
 */
export class Storage extends Construct {
  readonly avatarsBucket: IBucket;
  readonly documentsBucket: IBucket;
  readonly accessLogsBucket: IBucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);

    const accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with an ACL grant, so ACLs must stay usable on this bucket.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      accessLogs,
      'AwsSolutions-S1',
      'This bucket is the access-log destination of the other buckets and of the CloudFront distribution; ' +
        'logging it into itself would log its own log deliveries.',
    );
    this.accessLogsBucket = accessLogs;

    this.avatarsBucket = this.userFilesBucket('Avatars', 'avatars/', accessLogs, props.allowedOrigins);
    this.documentsBucket = this.userFilesBucket('KnowledgeDocuments', 'knowledge-documents/', accessLogs, props.allowedOrigins, [
      // Documents uploaded but never processed (the dialog was closed mid-way) go after a day.
      {
        prefix: DOCUMENT_UPLOADS_PREFIX,
        expiration: Duration.days(ABANDONED_UPLOAD_DAYS),
        noncurrentVersionExpiration: Duration.days(ABANDONED_UPLOAD_DAYS),
      },
    ]);
  }

  private userFilesBucket(
    id: string,
    logPrefix: string,
    accessLogs: IBucket,
    allowedOrigins: readonly string[],
    extraLifecycleRules: LifecycleRule[] = [],
  ): IBucket {
    return new Bucket(this, id, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: logPrefix,
      cors: [
        {
          allowedOrigins: [...allowedOrigins],
          allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...extraLifecycleRules,
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
