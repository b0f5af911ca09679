import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

const id = z.number().int().positive();
const userId = id.nullable();

/** Generates a GSTR-1 / GSTR-1A from the books. No retries: a failure is recorded on the return, and the user generates it again. */
export const GENERATE_JOB = defineJob({ name: 'returns.generate', version: 1, payload: z.object({ returnId: id, userId }), retryLimit: 0 });
/** Polls the portal for the answer to a save (RETSTATUS) until it is no longer in progress. */
export const SAVE_STATUS_JOB = defineJob({
  name: 'returns.saveStatus',
  version: 1,
  payload: z.object({ activityId: id, returnId: id, userId }),
  retryLimit: 1,
});
