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
/**
 * Downloads GSTR-2A/2B for many GSTINs, periods and sources (inward/inward-bulk.service.ts): the payload names the
 * download records the request made. One retry: a run the queue gave up on (the process died) takes the open records.
 */
export const INWARD_BULK_JOB = defineJob({
  name: 'returns.inwardBulk',
  version: 1,
  payload: z.object({ subscriberId: id, userId, activityIds: z.array(id).min(1).max(1000) }),
  retryLimit: 1,
});
/** Daily at 03:15 (server time): the subscribers' automatic GSTR-2A/2B downloads due today (inward-schedule.service.ts). */
export const INWARD_SCHEDULE_JOB = defineJob({ name: 'returns.inwardSchedule', version: 1, payload: z.object({}), cron: '15 3 * * *' });
