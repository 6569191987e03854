import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableDesign } from '../../functions/core/data/table-design.js';

/**
 * The single DynamoDB table. Its keys, TTL attribute and indexes come from
 * functions/core/data/table-design.ts, which the ElectroDB entities and the local runtime also use.
 */
export class Data extends Construct {
  /** With its stream (NEW_IMAGE), which the stream consumers read (lib/constructs/message-counting.ts). */
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const table = new Table(this, 'Table', {
      partitionKey: { name: tableDesign.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDesign.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      timeToLiveAttribute: tableDesign.timeToLiveAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
      stream: StreamViewType[tableDesign.streamViewType],
    });
    for (const index of tableDesign.globalIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }
    this.table = table;
  }
}
