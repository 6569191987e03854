import { runtimeConfigSchema, type RuntimeConfig } from '@contracts/runtime-config';
import { createContext, useContext } from 'react';

/** Reads `/config.json` (written by CDK on AWS, served by the local runtime in dev). */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`Invalid /config.json: ${parsed.error.message}`);
  return parsed.data;
}

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used within a RuntimeConfigContext provider');
  return config;
}
