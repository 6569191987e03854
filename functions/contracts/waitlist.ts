import * as z from 'zod';
import { hasNoControlCharacters } from './one-line-text.js';

/** Spec 001 /waitlist: the offer, and what the admin summary multiplies each entry by. */
export const WAITLIST_OFFER = {
  freeDaysValue: 333,
  blueprintValue: 997,
  totalValue: 1330,
} as const;

const optionalText = (max: number, pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => value === '' || pattern.test(value), message)
    .optional()
    .transform((value) => (value ? value : undefined));

/** POST /waitlist (spec 001 section 5: name and email required; phone and Instagram handle optional). */
export const joinWaitlistRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name')
    .max(120, 'must be at most 120 characters')
    .refine(hasNoControlCharacters, 'Please enter your name on one line, without control characters'),
  email: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address'))
    .transform((value) => value.toLowerCase()),
  phone: optionalText(32, /^\+?[0-9][0-9 ().-]{5,30}$/, 'Please enter a valid phone number'),
  instagram_handle: optionalText(31, /^@?[A-Za-z0-9._]{1,30}$/, 'Please enter a valid Instagram handle (letters, numbers, . and _)'),
  agree_to_promotions: z.boolean().default(false),
});
export type JoinWaitlistRequest = z.input<typeof joinWaitlistRequestSchema>;

/** Spec 001 section 3 "Waitlist entry". */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  instagram_handle: z.string().nullable(),
  agree_to_promotions: z.boolean(),
  agree_to_launch_access: z.boolean(),
  created_at: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const joinWaitlistResponseSchema = z.object({
  entry: waitlistEntrySchema,
  /** False when this e-mail address was already on the list and its entry was updated. */
  created: z.boolean(),
});
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponseSchema>;

export const WAITLIST_PAGE_SIZE = 100;

/** GET /admin/waitlist: newest first, a page at a time. */
export const listWaitlistQuerySchema = z.object({
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(WAITLIST_PAGE_SIZE),
});

export const waitlistStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  with_phone: z.number().int().nonnegative(),
  marketing_opt_in: z.number().int().nonnegative(),
});
export type WaitlistStats = z.infer<typeof waitlistStatsSchema>;

export const listWaitlistResponseSchema = z.object({
  entries: z.array(waitlistEntrySchema),
  stats: waitlistStatsSchema,
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type ListWaitlistResponse = z.infer<typeof listWaitlistResponseSchema>;
