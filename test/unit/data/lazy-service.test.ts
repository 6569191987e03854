import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { Service } from 'electrodb';
import { describe, expect, it, vi } from 'vitest';
import { collectionMembers, entityBuilders, service, type EntityName } from '../../../functions/core/data/entities.js';
import { lazyService } from '../../../functions/core/data/lazy-service.js';

const TABLE = 'lazy-service-test';
const names = Object.keys(entityBuilders) as EntityName[];

/** The service as it was built before entities were lazy: every entity, built and joined at once. */
function eagerService() {
  const all = new Service(Object.fromEntries(names.map((name) => [name, entityBuilders[name]()])) as { [N in EntityName]: ReturnType<(typeof entityBuilders)[N]> });
  all.setTableName(TABLE);
  return all;
}

function documentClient() {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }));
}

function freshLazyService() {
  const lazy = lazyService(service, entityBuilders, collectionMembers);
  lazy.bind(documentClient(), TABLE);
  return lazy;
}

describe('the lazily built data service', () => {
  const eager = eagerService();

  it('builds nothing until an entity is read, and then only that entity', () => {
    const lazy = freshLazyService();
    expect(Object.keys(lazy.entities)).toEqual([]);
    void lazy.entities.chatbot;
    expect(Object.keys(lazy.entities)).toEqual(['chatbot']);
  });

  it.each(names)('builds %s, read before any other entity, as the eagerly built service has it (identity, table)', (name) => {
    const lazy = freshLazyService();
    const entity = lazy.entities[name] as unknown as { scan: { params(): unknown } };
    const same = eager.entities[name] as unknown as { scan: { params(): unknown } };
    expect(entity.scan.params()).toEqual(same.scan.params());
  });

  it('gives an entity built after the client was bound that client', async () => {
    const lazy = lazyService(service, entityBuilders, collectionMembers);
    const client = documentClient();
    const send = vi.spyOn(client, 'send').mockResolvedValue({ Item: undefined } as never);
    lazy.bind(client, TABLE);
    await lazy.entities.chatbot.get({ chatbot_id: 'c1' }).go();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toBeInstanceOf(GetCommand);
    expect((send.mock.calls[0]![0] as GetCommand).input.TableName).toBe(TABLE);
  });

  it('joins the members of a collection queried before any of them was read', () => {
    const lazy = freshLazyService();
    expect(lazy.collections.account({ user_id: 'u1' }).params()).toEqual(eager.collections.account({ user_id: 'u1' }).params());
  });

  it('builds the entities a transaction names, as the eagerly built service writes them', () => {
    const lazy = freshLazyService();
    const write = (service: typeof lazy | typeof eager) =>
      service.transaction
        .write(({ chatbot, subscription }) => [
          chatbot.patch({ chatbot_id: 'c1' }).set({ agent_name: 'Emma' }).commit(),
          subscription.patch({ user_id: 'u1' }).add({ chatbots_created: 1 }).commit(),
        ])
        .params();
    expect(JSON.parse(JSON.stringify(write(lazy)))).toEqual(JSON.parse(JSON.stringify(write(eager))));
    expect(Object.keys(lazy.entities).sort()).toEqual(['chatbot', 'subscription']);
  });

  it('names every collection the entities declare, with exactly its members', () => {
    const declared: Record<string, string[]> = {};
    for (const name of names) {
      const { model } = eager.entities[name] as unknown as { model: { collections: string[] } };
      for (const collection of model.collections) (declared[collection] ??= []).push(name);
    }
    expect(Object.fromEntries(Object.entries(collectionMembers).map(([collection, members]) => [collection, [...members].sort()]))).toEqual(
      Object.fromEntries(Object.entries(declared).map(([collection, members]) => [collection, members.sort()])),
    );
  });
});
