import { badRequest } from './http-error.js';

/** A path parameter that must be present and of a sane size (ids are UUIDs; anything odd is a 404 later). */
export function pathId(pathParameters: Record<string, string | undefined>, name = 'id'): string {
  const value = pathParameters[name];
  if (!value || value.length > 100) throw badRequest(`Missing or invalid ${name} in the path`);
  return value;
}
