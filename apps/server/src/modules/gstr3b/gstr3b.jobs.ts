import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

const id = z.number().int().positive();

/**
 * Computes a GSTR-3B from the database (gstr3b-compute.service.ts): a minute or two for a period of a million
 * documents, so it runs in the background and the return row carries its progress. No retries: a failure is recorded
 * on the return, and the user computes it again.
 */
export const COMPUTE_JOB = defineJob({
  name: 'gstr3b.compute',
  version: 1,
  payload: z.object({ returnId: id, userId: id.nullable() }),
  retryLimit: 0,
});
