import { z } from 'zod';
import { paise } from '../amounts';

// DRC-01B (Rule 88C) and DRC-01C (Rule 88D) as the product answers them (spec core §2 /drc-01b, /drc-01c and their
// -view routes): the intimations synced from the GST portal, the product's own precheck of the period, and the Part B
// reply with the EVC OTP step. Amounts in integer paise per head; dates YYYY-MM-DD; periods MMYYYY.

const id = z.number().int().positive();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.');
const period = z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/, 'A return period is MMYYYY.');

export const DRC01_FORMS = ['DRC01B', 'DRC01C'] as const;
export const Drc01FormSchema = z.enum(DRC01_FORMS);
export type Drc01Form = z.infer<typeof Drc01FormSchema>;

/**
 * Open: Part A received, no reply yet (GSTR-1/IFF of later periods blocked, Rule 59(6)); Replied: answered with a
 * reason (a DRC-03 beside it or not); Paid: answered with DRC-03 payment alone.
 */
export const DRC01_STATUSES = ['Open', 'Replied', 'Paid'] as const;
export const Drc01StatusSchema = z.enum(DRC01_STATUSES);
export type Drc01Status = z.infer<typeof Drc01StatusSchema>;

export const Drc01HeadsSchema = z.object({ igst: paise, cgst: paise, sgst: paise, cess: paise });
export type Drc01Heads = z.infer<typeof Drc01HeadsSchema>;
const NonNegativeHeadsSchema = z.object({
  igst: paise.min(0),
  cgst: paise.min(0),
  sgst: paise.min(0),
  cess: paise.min(0),
});

export const Drc01ThresholdSchema = z.object({
  /** Paise. */
  amount: z.number().int().min(0),
  /** Of the lower side (tax paid in GSTR-3B, ITC in GSTR-2B): 2000 is 20%. */
  percentBasisPoints: z.number().int().min(0).max(10_000),
  rule: z.enum(['amountOrPercent', 'amountAndPercent']),
});
export type Drc01Threshold = z.infer<typeof Drc01ThresholdSchema>;

/** The figures compared, per head, and the verdict. */
export const Drc01FiguresSchema = z.object({
  reported: Drc01HeadsSchema,
  baseline: Drc01HeadsSchema,
  difference: Drc01HeadsSchema,
  excess: Drc01HeadsSchema,
  totalExcess: paise,
  percentBasisPoints: z.number().int().nullable(),
  threshold: Drc01ThresholdSchema.nullable(),
  explanation: z.string(),
});
export type Drc01Figures = z.infer<typeof Drc01FiguresSchema>;

export const Drc03PaymentSchema = z.object({
  arn: z.string(),
  paidOn: isoDate.or(z.literal('')),
  tax: Drc01HeadsSchema,
  interest: Drc01HeadsSchema,
});
export const Drc01ReplySchema = z.object({
  ackNumber: z.string(),
  repliedOn: isoDate.nullable(),
  reasonCode: z.string().nullable(),
  reasonText: z.string().nullable(),
  explanation: z.string().nullable(),
  drc03: Drc03PaymentSchema.nullable(),
});
export type Drc01Reply = z.infer<typeof Drc01ReplySchema>;

export const Drc01IntimationSchema = Drc01FiguresSchema.extend({
  id,
  entityId: id,
  entityName: z.string(),
  gstin: z.string(),
  form: Drc01FormSchema,
  referenceNumber: z.string(),
  period,
  issuedOn: isoDate,
  dueOn: isoDate,
  status: Drc01StatusSchema,
  /** Open past its due date (Rules 88C(2), 88D(2): 7 days). */
  isOverdue: z.boolean(),
  reply: Drc01ReplySchema.nullable(),
  syncedAt: z.string(),
});
export type Drc01Intimation = z.infer<typeof Drc01IntimationSchema>;

/** The product's own check of the period, from the filed GSTR-1/1A, the filed GSTR-3B and the GSTR-2B downloaded. */
export const Drc01PrecheckSchema = z.object({
  form: Drc01FormSchema,
  period,
  /** Null when a return it needs is missing (`missing` says which). */
  figures: Drc01FiguresSchema.nullable(),
  isIntimation: z.boolean(),
  missing: z.array(z.string()),
});
export type Drc01Precheck = z.infer<typeof Drc01PrecheckSchema>;

export const Drc01DetailSchema = z.object({ intimation: Drc01IntimationSchema, precheck: Drc01PrecheckSchema, sandbox: z.boolean() });
export type Drc01Detail = z.infer<typeof Drc01DetailSchema>;

export const Drc01FiltersSchema = z.object({
  entityIds: z.array(id).max(1000).optional(),
  periods: z.array(period).max(36).optional(),
  statuses: z.array(Drc01StatusSchema).max(3).optional(),
});
export type Drc01Filters = z.infer<typeof Drc01FiltersSchema>;

/** MMYYYY does not sort as a date: periods are filtered, not sorted. */
export const DRC01_SORT_FIELDS = ['id', 'issuedOn', 'dueOn', 'totalExcess', 'gstin'] as const;
export const DRC01_DEFAULT_SORT = 'issuedOn DESC';

export const Drc01ListRequestSchema = z.object({
  form: Drc01FormSchema,
  start: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(1000).nullish(),
  sortExpression: z.string().max(100).nullish(),
  filters: Drc01FiltersSchema.optional(),
});
export type Drc01ListRequest = z.input<typeof Drc01ListRequestSchema>;
export const Drc01ListResponseSchema = z.object({ items: z.array(Drc01IntimationSchema), totalRecords: z.number().int() });
export type Drc01ListResponse = z.infer<typeof Drc01ListResponseSchema>;

export const Drc01IdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const Drc01IdBodySchema = z.object({ id });
export const Drc01SyncRequestSchema = z.object({ entityId: id, form: Drc01FormSchema.optional() });
export const Drc01SyncResponseSchema = z.object({ received: z.number().int(), added: z.number().int(), updated: z.number().int() });
export type Drc01SyncResponse = z.infer<typeof Drc01SyncResponseSchema>;
export const Drc01PrecheckQuerySchema = z.object({ entityId: z.coerce.number().int().positive(), form: Drc01FormSchema, period });

/** Part B: a reason (a key of the form's list) with words, a DRC-03 payment, or both; the EVC OTP signs it. */
export const Drc01ReplyRequestSchema = z.object({
  id,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The OTP is 6 digits.'),
  reason: z.object({ code: z.string().min(1).max(50), explanation: z.string().trim().max(4000) }).optional(),
  drc03: z.object({ tax: NonNegativeHeadsSchema, interest: NonNegativeHeadsSchema }).optional(),
});
export type Drc01ReplyRequest = z.infer<typeof Drc01ReplyRequestSchema>;
export const Drc01OtpResponseSchema = z.object({ sentTo: z.string() });
