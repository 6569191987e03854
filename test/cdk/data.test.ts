import { describe, expect, it } from 'vitest';
import { tableDesign } from '../../functions/core/data/table-design.js';
import { resourcesOfType, synthStack } from './app-template.js';

const { template } = synthStack();
const tables = Object.values(resourcesOfType(template, 'AWS::DynamoDB::Table'));
const table = tables[0];

describe('table', () => {
  it('is a single table with string keys pk/sk', () => {
    expect(tables).toHaveLength(1);
    expect(table?.Properties?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(table?.Properties?.AttributeDefinitions).toEqual(
      expect.arrayContaining([
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ]),
    );
  });

  it('has the gsi1 and gsi2 indexes, as the ElectroDB entities expect', () => {
    expect(table?.Properties?.GlobalSecondaryIndexes).toEqual(
      ['gsi1', 'gsi2'].map((name) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: `${name}pk`, KeyType: 'HASH' },
          { AttributeName: `${name}sk`, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    expect(tableDesign.globalIndexes.map((i) => i.indexName)).toEqual(['gsi1', 'gsi2']);
  });

  it('bills on demand', () => {
    expect(table?.Properties?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table?.Properties?.ProvisionedThroughput).toBeUndefined();
  });

  it('has point-in-time recovery, deletion protection and the ttl attribute', () => {
    expect(table?.Properties).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
  });

  it('is encrypted with the AWS managed key and kept when the stack is deleted or replaced', () => {
    expect(table?.Properties?.SSESpecification).toEqual({ SSEEnabled: true });
    expect(table?.DeletionPolicy).toBe('Retain');
    expect(table?.UpdateReplacePolicy).toBe('Retain');
  });
});
