import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';

export interface CappedBody {
  body: Buffer;
  /** The decoded body was longer than the cap; `body` holds its first `maxBytes` bytes. */
  truncated: boolean;
}

function decoderFor(encoding: string): Transform | undefined {
  // Lenient flushing keeps what was decoded from a stream cut short by the server or by the cap.
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(flush);
    case 'deflate':
      // Servers send zlib-wrapped or raw deflate; unzip detects the former, raw needs inflateRaw.
      return zlib.createUnzip(flush);
    case 'br':
      return zlib.createBrotliDecompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      });
    default:
      return undefined;
  }
}

/**
 * Reads a response body, decoding gzip, deflate and br, and stops (destroying the response) once
 * `maxBytes` decoded bytes are held, so neither a huge page nor a compression bomb fills memory.
 * Rejects with the stream's error (the caller destroys the response with its own error on time-out).
 */
export async function readCappedBody(response: IncomingMessage, maxBytes: number): Promise<CappedBody> {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = decoderFor(encoding);
  let source: Readable = response;
  if (decoder) {
    response.on('error', (error) => decoder.destroy(error));
    source = response.pipe(decoder);
  }
  const chunks: Buffer[] = [];
  let held = 0;
  let truncated = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const room = maxBytes - held;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        held += room;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      held += chunk.length;
    }
  } finally {
    if (truncated || !response.complete) response.destroy();
    decoder?.destroy();
  }
  return { body: Buffer.concat(chunks, held), truncated };
}
