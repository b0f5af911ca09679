import { z } from 'zod';

export const FrequentlyUsedItemSchema = z.object({ moduleType: z.string(), count: z.number().int(), lastUsedAt: z.string() });
export type FrequentlyUsedItem = z.infer<typeof FrequentlyUsedItemSchema>;

/** Real counts of what exists for the signed-in user's subscriber: no invented figures. */
export const StatisticsSchema = z.object({
  businesses: z.number().int(),
  locations: z.number().int(),
  childLocations: z.number().int(),
  activeUsers: z.number().int(),
  roles: z.number().int(),
  financialYears: z.number().int(),
  currentFinancialYear: z.string(),
  lastSignInAt: z.string().nullable(),
  failedSignInsSinceLastSuccess: z.number().int(),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

export const OutboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  status: z.enum(['Queued', 'Sent', 'Failed', 'Outbox']),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
