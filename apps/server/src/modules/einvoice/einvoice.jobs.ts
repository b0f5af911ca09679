// Bulk IRN generation (/e-invoice, several documents selected): the request marks the documents InProgress and queues
// this job; the job generates each one still InProgress, so a retried run skips what an earlier run finished, and the
// screen follows the progress through the documents' statuses (einvoice/progress).
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { einvoices } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { defineJob, workerOf, type JobWorker } from '../../platform/jobs/job';
import { generateOne } from './einvoice.service';

export const EINVOICE_GENERATE_JOB = defineJob({
  name: 'einvoice.generate',
  version: 1,
  payload: z.object({
    subscriberId: z.number().int(),
    userId: z.number().int(),
    documentIds: z.array(z.number().int()).min(1),
    ip: z.string().optional(),
  }),
  retryLimit: 2,
});

/** A generation left InProgress for this long belonged to a run that died with its retries spent. */
const STALE_MS = 60 * 60_000;

export const einvoiceWorkers = (ctx: AppContext): JobWorker[] => [
  workerOf(
    EINVOICE_GENERATE_JOB,
    async ({ subscriberId, userId, documentIds, ip }) => {
      const { db } = ctx.database;
      const waiting = await db
        .select({ documentId: einvoices.documentId })
        .from(einvoices)
        .where(
          and(eq(einvoices.subscriberId, subscriberId), inArray(einvoices.documentId, documentIds), eq(einvoices.status, 'InProgress')),
        );
      const open = new Set(waiting.map((w) => w.documentId));
      for (const documentId of documentIds) if (open.has(documentId)) await generateOne(ctx, { subscriberId, userId }, documentId, ip);
    },
    async () => {
      await ctx.database.db
        .update(einvoices)
        .set({
          status: 'ERROR',
          errorCode: null,
          errorMessage: 'The generation was interrupted before the IRP answered. Generate the IRN again.',
          updatedAt: sql`now()`,
        })
        .where(and(eq(einvoices.status, 'InProgress'), lt(einvoices.updatedAt, new Date(ctx.now().getTime() - STALE_MS))));
    },
  ),
];
