/**
 * The physical design of the single table, shared by the CDK data construct, the local runtime's
 * bootstrap and the ElectroDB entities, so the three cannot drift apart.
 */
export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  globalIndexes: [{ indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
} as const;
