// The subscriber's own HSN/SAC list (/hsn-sac, spec modules §2.7; issue 20): codes with a description, a usual GST rate
// and a unit (UQC), each checked against the GST portal's HSN/SAC directory. The document screen's HSN lookup offers the
// active ones first; a code on the subscriber's documents is never deleted (deactivate it instead).
import { z } from 'zod';

const id = z.number().int().positive();
const Ids = z.array(id).min(1, 'Select at least one row.').max(1000);

export const HsnSacStatusSchema = z.enum(['Active', 'Inactive']);
export type HsnSacStatus = z.infer<typeof HsnSacStatusSchema>;
export const HsnSacKindSchema = z.enum(['HSN', 'SAC']);
export type HsnSacKind = z.infer<typeof HsnSacKindSchema>;

/** The calls are not shown by the spec: a code list reads best in code order. */
export const HSN_SAC_DEFAULT_SORT = 'code ASC';
export const HSN_SAC_SORT_COLUMNS = ['id', 'code', 'description', 'rate', 'uqc', 'status', 'updatedAt'] as const;
export const HSN_SAC_DESCRIPTION_MAX = 1000;

export const HsnSacSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: HsnSacKindSchema,
  description: z.string(),
  /** Usual total GST rate in milli-percent (18% = 18000); null when not set. */
  rate: z.number().int().nullable(),
  uqc: z.string().nullable(),
  status: HsnSacStatusSchema,
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type HsnSac = z.infer<typeof HsnSacSchema>;

export const HsnSacFiltersSchema = z.object({
  /** Digits search codes by their start; anything else the description. */
  text: z.string().trim().max(100).nullish(),
  kind: HsnSacKindSchema.nullish(),
  rate: z.number().int().min(0).nullish(),
  status: HsnSacStatusSchema.nullish(),
});
export type HsnSacFilters = z.infer<typeof HsnSacFiltersSchema>;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const HsnSacSaveSchema = z.object({
  /** Absent: a new code. */
  id: id.optional(),
  /** "8471 30" and "8471.30" are read as 847130. */
  code: z
    .string()
    .max(12)
    .transform((code) => code.replace(/[\s.]/g, '')),
  /** Blank: the directory's description of the code. */
  description: z.string().trim().max(HSN_SAC_DESCRIPTION_MAX).default(''),
  rate: z.preprocess(blankToNull, z.number().int().min(0).max(100_000).nullable()).default(null),
  uqc: z.preprocess(blankToNull, z.string().trim().toUpperCase().max(3).nullable()).default(null),
  status: HsnSacStatusSchema.default('Active'),
});
export type HsnSacSave = z.input<typeof HsnSacSaveSchema>;

export const HsnSacIdsSchema = z.object({ ids: Ids });
export const HsnSacStatusRequestSchema = z.object({ ids: Ids, status: HsnSacStatusSchema });
export const HsnSacBulkResultSchema = z.object({ affected: z.number().int() });

/** The choices of the form: the GST rates in force today (the domain's dated slabs) and the UQC list. */
export const HsnSacOptionsSchema = z.object({
  rates: z.array(z.object({ rate: z.number().int(), ratePercent: z.number(), restricted: z.boolean(), source: z.string() })),
  uqcs: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The unit a service (SAC) may carry besides none. */
  serviceUqc: z.string(),
});
export type HsnSacOptions = z.infer<typeof HsnSacOptionsSchema>;
