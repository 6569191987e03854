import { Service, type Entity } from 'electrodb';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ElectroDB's own bound for an entity of any shape
type AnyEntity = Entity<any, any, any, any>;
type DocumentClient = Parameters<AnyEntity['setClient']>[0];

/** ElectroDB's Service as its JavaScript has it: its typings declare only the constructor taking every entity at once. */
interface JoinableService {
  entities: Record<string, AnyEntity>;
  collections: Record<string, unknown>;
  join(alias: string, entity: AnyEntity): void;
  setClient(client: DocumentClient): void;
  setTableName(table: string): void;
}
const EmptyService = Service as unknown as new (name: string) => JoinableService;

/**
 * An ElectroDB service whose entities are built and joined on first use: the first read of
 * `service.entities.<name>` (directly, or inside a transaction's callback) builds that entity from its
 * builder and joins it; reading a collection joins its members first. Built entities are the ones
 * ElectroDB would have built at import, with the same keys, validation and table; a cold function pays
 * only for those it touches. The service is ElectroDB's own, so queries, transactions and collections
 * behave as before; only what it enumerates (a transaction's result matching) is the entities built so far,
 * which always include those the operation names.
 */
export function lazyService<Builders extends Record<string, () => AnyEntity>>(
  name: string,
  builders: Builders,
  collectionMembers: Readonly<Record<string, readonly (keyof Builders & string)[]>>,
): LazyService<{ [Name in keyof Builders]: ReturnType<Builders[Name]> }> {
  type Entities = { [Name in keyof Builders]: ReturnType<Builders[Name]> };
  const service = new EmptyService(name);
  let client: DocumentClient | undefined;
  // join() itself reads every collection (to list them in `find`): that is no query of one.
  let joining = false;
  const entities = new Proxy(service.entities, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !Object.hasOwn(target, key) && Object.hasOwn(builders, key)) {
        const entity = builders[key]!();
        // join() gives an entity the service's table but only the client the service was constructed with.
        if (client !== undefined) entity.setClient(client);
        joining = true;
        try {
          service.join(key, entity);
        } finally {
          joining = false;
        }
      }
      return Reflect.get(target, key, receiver);
    },
  });
  const collections = new Proxy(service.collections, {
    get(target, key, receiver) {
      if (!joining && typeof key === 'string' && Object.hasOwn(collectionMembers, key)) for (const member of collectionMembers[key]!) void entities[member];
      return Reflect.get(target, key, receiver);
    },
  });
  Object.assign(service, { entities, collections });
  return Object.assign(service as unknown as Service<Entities>, {
    bind(newClient: DocumentClient, table: string) {
      client = newClient;
      service.setClient(newClient);
      service.setTableName(table);
    },
  });
}

export type LazyService<Entities extends Record<string, AnyEntity>> = Service<Entities> & {
  /** The client and table of every entity, built or still to build. */
  bind(client: DocumentClient, table: string): void;
};
