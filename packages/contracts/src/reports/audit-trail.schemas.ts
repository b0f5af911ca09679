// Schemas of the audit trail report (spec modules §2.1, /audit-trail-report). Endpoints: reports.endpoints.ts.
import { z } from 'zod';

export const AuditActionSchema = z.enum(['Create', 'Update', 'Delete', 'StatusChange', 'Export', 'Import']);
export const AuditSearchFiltersSchema = z.object({
  entityType: z.string().max(50).nullish(),
  action: AuditActionSchema.nullish(),
  userId: z.number().int().positive().nullish(),
  /** Inclusive dates, YYYY-MM-DD (India time). */
  fromDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.')
    .nullish(),
  toDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.')
    .nullish(),
  entityKey: z.string().max(100).nullish(),
});
export type AuditSearchFilters = z.infer<typeof AuditSearchFiltersSchema>;

export const AuditItemSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  entityType: z.string(),
  entityKey: z.string(),
  entityName: z.string().nullable(),
  action: AuditActionSchema,
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof AuditItemSchema>;
export const AuditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export const AuditDetailSchema = AuditItemSchema.extend({ before: z.unknown(), after: z.unknown(), changes: z.array(AuditChangeSchema) });
export type AuditDetail = z.infer<typeof AuditDetailSchema>;
/** Record types the organization and administration modules write to the audit trail (the report's type filter). */
export const AUDIT_ENTITY_TYPES = ['Entity', 'Branch', 'Department', 'User', 'Role', 'Settings'] as const;
