import * as z from 'zod';

/** Every error response of the API, 4xx or 5xx, local or deployed. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
