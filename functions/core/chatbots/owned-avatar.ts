import { requireEnv } from '../runtime/env.js';

/** Avatars this product stored (`<site>/avatars/<key>`) are deleted with their assistant; other URLs are not ours. */
export function ownedAvatarKey(agentImage: string | undefined): string | undefined {
  if (!agentImage) return undefined;
  const prefix = `${requireEnv('PUBLIC_SITE_URL')}/avatars/`;
  return agentImage.startsWith(prefix) ? `avatars/${agentImage.slice(prefix.length)}` : undefined;
}
