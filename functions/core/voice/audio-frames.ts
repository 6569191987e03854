/** API Gateway's WebSocket frame limit (32 KB): each audio event must fit in one frame. */
export const MAX_FRAME_BYTES = 32 * 1024;
/** Room for the event's JSON around the base64 audio. */
const ENVELOPE_BYTES = 128;

/**
 * Splits PCM16 audio into base64 deltas whose `response.audio.delta` events each fit one frame. A
 * chunk is a multiple of 6 bytes: whole samples, and base64 without padding inside the stream.
 */
export function audioDeltas(pcm: Buffer, maxFrameBytes = MAX_FRAME_BYTES): string[] {
  const maxBase64 = maxFrameBytes - ENVELOPE_BYTES;
  const chunkBytes = Math.floor((maxBase64 / 4) * 3 / 6) * 6;
  if (chunkBytes <= 0) throw new Error(`A frame of ${maxFrameBytes} bytes cannot carry audio`);
  const deltas: string[] = [];
  for (let start = 0; start < pcm.length; start += chunkBytes) deltas.push(pcm.subarray(start, start + chunkBytes).toString('base64'));
  return deltas;
}
