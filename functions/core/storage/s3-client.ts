import { S3Client } from '@aws-sdk/client-s3';

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
      client: new S3Client({
        forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
        // Presigned browser uploads cannot carry a checksum computed over a body the server never saw.
        requestChecksumCalculation: 'WHEN_REQUIRED',
      }),
    };
  }
  return cached.client;
}
