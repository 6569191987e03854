import { S3Client } from '@aws-sdk/client-s3';
import { awsClientConfig } from '../runtime/aws-client-config.js';
import { labelDependencyErrors } from '../runtime/dependency-outage.js';

let cached: { endpoint: string | undefined; client: S3Client } | undefined;

/**
 * One S3 client per warm Lambda. Locally the SDK's `AWS_ENDPOINT_URL_S3` points at s3rver, which
 * needs path-style addressing (S3_FORCE_PATH_STYLE=true).
 */
export function getS3Client(): S3Client {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3;
  if (!cached || cached.endpoint !== endpoint) {
    cached = {
      endpoint,
      client: labelDependencyErrors(
        new S3Client({
          ...awsClientConfig('file storage'),
          forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
          // Presigned browser uploads cannot carry a checksum computed over a body the server never saw.
          requestChecksumCalculation: 'WHEN_REQUIRED',
        }),
        'file storage',
      ),
    };
  }
  return cached.client;
}
