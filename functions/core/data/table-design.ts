/**
 * The physical design of the single table, shared by the CDK data construct, the local runtime's
 * bootstrap and the ElectroDB entities, so the three cannot drift apart.
 */
export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  /** Inserted items as written: the stream consumers (lib/routes.ts `streamConsumers`) read new messages' counts. */
  streamViewType: 'NEW_IMAGE',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    // Lists of a parent ordered by a value that changes (an assistant's conversations by last activity).
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;
