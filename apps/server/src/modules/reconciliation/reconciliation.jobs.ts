import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

/** Runs one reconciliation (load, engine, store). No retries: a failure is recorded on the run, and the user re-runs it. */
export const RUN_JOB = defineJob({
  name: 'reconciliation.run',
  version: 1,
  payload: z.object({ runId: z.number().int().positive(), userId: z.number().int().positive().nullable() }),
  retryLimit: 0,
});
