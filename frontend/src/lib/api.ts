import {
  accountResponseSchema,
  refreshSubscriptionResponseSchema,
  subscriptionSchema,
} from '@contracts/account';
import { errorResponseSchema } from '@contracts/error';
import { fetchAuthSession } from 'aws-amplify/auth';
import { useMemo } from 'react';
import * as z from 'zod';
import { useRuntimeConfig } from '@/config/runtime-config';

/** An HTTP error from the API, with the server's `error` text (or the gateway's `message`). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Turns anything thrown into a message fit for a toast or an error panel. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** Our handlers answer `{ error }`; the gateway's own 401/403 answers `{ message }`. */
const serverErrorBodySchema = z.union([errorResponseSchema, z.object({ message: z.string() })]);

/**
 * The subscription as the client reads it: any missing field falls back to the default
 * (spec 000 section 9), and a missing record is allowed.
 */
const lenientSubscriptionSchema = subscriptionSchema.partial().nullish();

/** GET /account, read leniently on the subscription side. */
export const accountReadSchema = accountResponseSchema.extend({ subscription: lenientSubscriptionSchema });
export type AccountRead = z.infer<typeof accountReadSchema>;

export const refreshSubscriptionReadSchema = refreshSubscriptionResponseSchema.extend({
  subscription: lenientSubscriptionSchema,
});

/** The signed-in user's ID token (refreshed when due), or none when signed out. */
export async function idToken(): Promise<string | undefined> {
  // The ID token, not the access token: it carries email and custom:business_name.
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString();
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: z.ZodType<T>;
  /** Send the signed-in user's ID token (default). Public routes pass false. */
  auth?: boolean;
  /** A visitor route's visitor token, sent instead of any user's (lib/routes.ts access 'visitor'). */
  visitorToken?: string;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, options: RequestOptions<T>): Promise<T>;
  getAccount(): Promise<AccountRead>;
  refreshSubscription(): Promise<z.infer<typeof refreshSubscriptionReadSchema>>;
}

export function createApiClient(baseUrl: string): ApiClient {
  async function request<T>(path: string, { method = 'GET', body, schema, auth = true, visitorToken, signal }: RequestOptions<T>) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (visitorToken) headers.Authorization = `Bearer ${visitorToken}`;
    else if (auth) {
      const token = await idToken();
      if (!token) throw new ApiError(401, 'You are not signed in.');
      headers.Authorization = `Bearer ${token}`;
    }

    let response: Response;
    try {
      response = await fetch(joinUrl(baseUrl, path), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError(0, 'Could not reach the server. Check your connection and try again.', { cause });
    }

    const json = await readJson(response);
    if (!response.ok) {
      const parsedError = serverErrorBodySchema.safeParse(json);
      const message = parsedError.success
        ? 'error' in parsedError.data
          ? parsedError.data.error
          : parsedError.data.message
        : `Request failed with status ${response.status}`;
      throw new ApiError(response.status, message);
    }

    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(response.status, 'The server sent an unexpected response.', { cause: parsed.error });
    }
    return parsed.data;
  }

  return {
    request,
    getAccount: () => request('/account', { schema: accountReadSchema }),
    refreshSubscription: () =>
      request('/account/subscription/refresh', { method: 'POST', schema: refreshSubscriptionReadSchema }),
  };
}

/** The API client for the configured API URL. */
export function useApi(): ApiClient {
  const { apiUrl } = useRuntimeConfig();
  return useMemo(() => createApiClient(apiUrl), [apiUrl]);
}
