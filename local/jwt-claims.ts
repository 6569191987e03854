import type { JWTPayload } from 'jose';

/**
 * API Gateway's JWT authorizer hands claims to the function as strings, lists as "[a b]".
 * The local gateway reproduces that so handlers see the same shape everywhere.
 */
export function claimsAsApiGatewayPasses(payload: JWTPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    claims[key] = Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return claims;
}
