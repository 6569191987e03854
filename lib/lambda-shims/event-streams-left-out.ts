/**
 * Stands in for `@smithy/core/event-streams` in the Lambda bundles (lib/bundling.ts). Only S3's
 * SelectObjectContent and similar streaming operations use event streams, and no function calls them;
 * the codecs weigh about 15 KB in every bundle with the S3 client. Using one fails loudly.
 */
const leftOut = (): never => {
  throw new Error('Event streams are left out of the Lambda bundles (lib/bundling.ts)');
};

/** The S3 client asks for a marshaller when it is created; it is only used by event-stream operations. */
export const eventStreamSerdeProvider = () => ({ serialize: leftOut, deserialize: leftOut });

export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => unknown }>(input: T) =>
  Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

export class EventStreamSerde {
  constructor() {
    leftOut();
  }
}
