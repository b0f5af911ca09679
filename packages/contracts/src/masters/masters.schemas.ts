// Master data of spec core §7 (states, financial years, return periods, texts) and the user's entities.
import { z } from 'zod';

export const StateSchema = z.object({ code: z.string(), name: z.string(), isUnionTerritory: z.boolean() });
export const FinancialYearSchema = z.object({ id: z.number().int(), label: z.string(), startDate: z.string(), endDate: z.string() });
export type FinancialYear = z.infer<typeof FinancialYearSchema>;
export const ReturnPeriodSchema = z.object({ value: z.string(), label: z.string(), financialYear: z.string() });
/** Quarter-end periods for job work (ITC-04), monthly otherwise; the current financial year when none is given. */
export const ReturnPeriodsQuerySchema = z.object({
  jobWork: z.enum(['true', 'false']).default('false'),
  financialYear: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional(),
});
export const ResourcesSchema = z.record(z.string(), z.string());

export const UserEntitySchema = z.object({
  entityId: z.number().int(),
  parentEntityId: z.number().int().nullable(),
  gstin: z.string().nullable(),
  entityName: z.string(),
  entityType: z.enum(['Business', 'Location', 'ChildLocation']),
  status: z.enum(['Active', 'Inactive', 'Delete', 'Draft']),
  stateCode: z.string().nullable(),
  hasAccess: z.boolean(),
});
export type UserEntity = z.infer<typeof UserEntitySchema>;
