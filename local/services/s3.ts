import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** Browser uploads go straight to the bucket by presigned URL, so the buckets allow CORS. */
const corsConfig = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3(directory: string, port: number, buckets: readonly string[]): Promise<LocalS3> {
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [corsConfig] })),
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    // A client that stopped reading an object (a download abandoned half-way) keeps its connection
    // open, and close() would wait for it for ever: stopping ends every connection first.
    stop: () => {
      server.httpServer?.closeAllConnections();
      return server.close();
    },
  };
}
