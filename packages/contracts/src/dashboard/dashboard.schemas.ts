import { z } from 'zod';
import { ROUTES } from '../routes';

export const FrequentlyUsedItemSchema = z.object({ moduleType: z.string(), count: z.number().int(), lastUsedAt: z.string() });
export type FrequentlyUsedItem = z.infer<typeof FrequentlyUsedItemSchema>;

/** Quick access counts the signed-in screens that need a right: the features a user chose to open. */
const TRACKED_ROUTES = new Set<string>(ROUTES.filter((r) => r.requiresAuth && r.rights.length > 0).map((r) => r.name));
export const FrequentlyUsedSaveQuerySchema = z.object({ moduleType: z.string().refine((m) => TRACKED_ROUTES.has(m), 'Unknown screen') });

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
