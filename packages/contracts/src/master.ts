import { z } from 'zod';

export const StateSchema = z.object({ code: z.string(), name: z.string(), isUnionTerritory: z.boolean() });
export const FinancialYearSchema = z.object({ id: z.number().int(), label: z.string(), startDate: z.string(), endDate: z.string() });
export type FinancialYear = z.infer<typeof FinancialYearSchema>;
export const ReturnPeriodSchema = z.object({ value: z.string(), label: z.string(), financialYear: z.string() });
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
