// Inward data from the portal for many GSTINs and periods (issue 18, "Portal data in"): one background download of
// GSTR-2A/2B for a set of GSTINs × return periods × sources, its progress, and the "auto data download summary" tab of
// /gstr-2a-reconciliation (spec core §2): per GSTIN, period and source, the last download or upload.
// Exported through returns.endpoints.ts (this file imports returns.schemas.ts, which must not import it back).
import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from '../list';
import { InwardOutcomeSchema, InwardSourceSchema, ProcessingStatusSchema } from './returns.schemas';

const id = z.number().int().positive();
const returnPeriod = z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/, 'A return period is MMYYYY.');

/** "082024" → "202408": return periods compare in this order. */
export const periodOrder = (period: string): string => period.slice(2) + period.slice(0, 2);

/** The return periods from `from` to `to`, both included, oldest first (empty when `to` comes first). */
export const returnPeriodsBetween = (from: string, to: string): string[] => {
  const periods: string[] = [];
  let month = Number(from.slice(0, 2));
  let year = Number(from.slice(2));
  const last = periodOrder(to);
  for (let guard = 0; guard < 1200; guard++) {
    const period = `${String(month).padStart(2, '0')}${year}`;
    if (periodOrder(period) > last) break;
    periods.push(period);
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
  return periods;
};

/** The most downloads one request queues (GSTINs × periods × sources), and the most periods it spans. */
export const MAX_BULK_INWARD_ITEMS = 1000;
export const MAX_BULK_INWARD_PERIODS = 36;

/** POST returns/inward/bulk/download: every GSTIN (location) × period from `fromPeriod` to `toPeriod` × source. */
export const InwardBulkRequestSchema = z
  .object({
    entityIds: z.array(id).min(1).max(MAX_BULK_INWARD_ITEMS),
    fromPeriod: returnPeriod,
    toPeriod: returnPeriod,
    sources: z.array(InwardSourceSchema).min(1).max(2),
  })
  .superRefine((request, ctx) => {
    const periods = returnPeriodsBetween(request.fromPeriod, request.toPeriod).length;
    if (periods === 0) ctx.addIssue({ code: 'custom', path: ['toPeriod'], message: 'The last period comes before the first one.' });
    else if (periods > MAX_BULK_INWARD_PERIODS)
      ctx.addIssue({
        code: 'custom',
        path: ['toPeriod'],
        message: `At most ${MAX_BULK_INWARD_PERIODS} periods at a time: this range holds ${periods}.`,
      });
    const items = new Set(request.entityIds).size * periods * new Set(request.sources).size;
    if (periods <= MAX_BULK_INWARD_PERIODS && items > MAX_BULK_INWARD_ITEMS)
      ctx.addIssue({
        code: 'custom',
        path: ['entityIds'],
        message: `At most ${MAX_BULK_INWARD_ITEMS} downloads at a time (GSTINs × periods × sources): this request makes ${items}. Choose fewer GSTINs or periods.`,
      });
  });
export type InwardBulkRequest = z.input<typeof InwardBulkRequestSchema>;

/** How the data came: downloaded on a user's request, by the subscriber's schedule, or uploaded as the portal's JSON file. */
export const InwardMethodSchema = z.enum(['Manual', 'Scheduled', 'Upload']);
export type InwardMethod = z.infer<typeof InwardMethodSchema>;

/** One download of a bulk request: its Sync data activity. */
export const InwardBulkItemSchema = z.object({
  activityId: z.number().int(),
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string(),
  returnPeriod: z.string(),
  source: InwardSourceSchema,
  status: ProcessingStatusSchema,
  outcome: InwardOutcomeSchema,
  documentCount: z.number().int(),
  /** Why it failed or is tried again, the portal's answer for a GSTR-2B not generated yet, or the reader's warnings. */
  message: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type InwardBulkItem = z.infer<typeof InwardBulkItemSchema>;

/** What the progress bar shows: the counts by outcome and each download. */
export const InwardBulkProgressSchema = z.object({
  /** The downloads of the request (their data activities), to ask for its progress with. */
  activityIds: z.array(z.number().int()),
  total: z.number().int(),
  pending: z.number().int(),
  running: z.number().int(),
  downloaded: z.number().int(),
  notGenerated: z.number().int(),
  failed: z.number().int(),
  /** Downloaded + not generated + failed. */
  done: z.number().int(),
  /** Documents of the downloads completed. */
  documents: z.number().int(),
  isFinished: z.boolean(),
  startedAt: z.string(),
  /** When the last download ended; null while any is pending or running. */
  finishedAt: z.string().nullable(),
  items: z.array(InwardBulkItemSchema),
});
export type InwardBulkProgress = z.infer<typeof InwardBulkProgressSchema>;

/** POST returns/inward/bulk/status: the downloads a bulk request answered. */
export const InwardBulkStatusRequestSchema = z.object({ activityIds: z.array(id).min(1).max(MAX_BULK_INWARD_ITEMS) });
export type InwardBulkStatusRequest = z.input<typeof InwardBulkStatusRequestSchema>;

// The auto data download summary -------------------------------------------------------------------------------

export const InwardSummaryFiltersSchema = z.object({
  entityIds: z.array(id).max(10_000).nullish(),
  returnPeriods: z.array(returnPeriod).max(120).nullish(),
  sources: z.array(InwardSourceSchema).max(2).nullish(),
  methods: z.array(InwardMethodSchema).max(3).nullish(),
  outcomes: z.array(InwardOutcomeSchema).max(5).nullish(),
});
export type InwardSummaryFilters = z.infer<typeof InwardSummaryFiltersSchema>;
/** Sort: "{returnPeriod|gstin|startedAt|status} ASC|DESC", default 'returnPeriod DESC' (then GSTIN and source). */
export const InwardSummaryRequestSchema = listRequestSchema(InwardSummaryFiltersSchema);
export type InwardSummaryRequest = z.input<typeof InwardSummaryRequestSchema>;

/** One GSTIN, period and source: its last download (or upload), and the last one that completed. */
export const InwardSummaryRowSchema = z.object({
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string(),
  returnPeriod: z.string(),
  source: InwardSourceSchema,
  activityId: z.number().int(),
  method: InwardMethodSchema,
  status: ProcessingStatusSchema,
  outcome: InwardOutcomeSchema,
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  documentCount: z.number().int(),
  message: z.string().nullable(),
  /** Who asked for it; null for a scheduled download. */
  userName: z.string().nullable(),
  /** When the data in use (the last completed download or upload) came; null when none completed. */
  lastCompletedAt: z.string().nullable(),
  /** Its documents. */
  documents: z.number().int(),
});
export type InwardSummaryRow = z.infer<typeof InwardSummaryRowSchema>;
export const InwardSummaryResponseSchema = listResponseSchema(InwardSummaryRowSchema);
export type InwardSummaryResponse = z.infer<typeof InwardSummaryResponseSchema>;
