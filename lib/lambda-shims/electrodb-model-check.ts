/**
 * Stands in for `jsonschema` in the Lambda bundles (lib/bundling.ts). ElectroDB uses it for two things:
 * - to check each entity's model against its JSON schema when the entity is constructed: about 50 ms of
 *   every cold start, for definitions fixed in code that the tests construct with the real validator;
 * - to tell a model (a plain object) from an Entity instance when the Service is built.
 * This keeps the second. test/unit/lambda-bundling.test.ts checks that it answers as the real validator
 * does for every model and entity of functions/core/data/entities.ts.
 */
interface ValidationError {
  property: string;
  message: string;
  argument?: unknown;
}

export class Validator {
  // ElectroDB registers its custom formats on the prototype.
  declare customFormats: Record<string, (input: unknown) => boolean>;

  addSchema(): void {}

  validate(instance: unknown): { errors: ValidationError[] } {
    return { errors: isPlainObject(instance) ? [] : [{ property: 'instance', message: 'is not an ElectroDB model' }] };
  }
}
Validator.prototype.customFormats = {};

export function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
