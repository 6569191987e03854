/**
 * Stands in for `@aws-sdk/client-dynamodb` in the Lambda bundles (lib/bundling.ts): the client and the
 * commands `@aws-sdk/lib-dynamodb` wraps, each from its own module. ElectroDB `require()`s
 * lib-dynamodb, and esbuild keeps every export of a module reached by `require()`: through the package's
 * index that is every DynamoDB command, waiter and paginator (about 40 KB). A command missing here fails
 * the bundling ("No matching export"), not a request. Plain JavaScript: the SDK ships no types next to
 * these modules.
 */
export { DynamoDBClient } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/DynamoDBClient.js';
export { BatchExecuteStatementCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/BatchExecuteStatementCommand.js';
export { BatchGetItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/BatchGetItemCommand.js';
export { BatchWriteItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/BatchWriteItemCommand.js';
export { DeleteItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/DeleteItemCommand.js';
export { DescribeExportCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/DescribeExportCommand.js';
export { ExecuteStatementCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/ExecuteStatementCommand.js';
export { ExecuteTransactionCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/ExecuteTransactionCommand.js';
export { ExportTableToPointInTimeCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/ExportTableToPointInTimeCommand.js';
export { GetItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/GetItemCommand.js';
export { PutItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/PutItemCommand.js';
export { QueryCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/QueryCommand.js';
export { ScanCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/ScanCommand.js';
export { SearchVectorsCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/SearchVectorsCommand.js';
export { TransactGetItemsCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/TransactGetItemsCommand.js';
export { TransactWriteItemsCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/TransactWriteItemsCommand.js';
export { UpdateItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/UpdateItemCommand.js';
