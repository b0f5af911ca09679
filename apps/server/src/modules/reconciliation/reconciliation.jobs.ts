import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

/** Runs one reconciliation (load, engine, store). No retries: a failure is recorded on the run, and the user re-runs it. */
export const RUN_JOB = defineJob({
  name: 'reconciliation.run',
  version: 1,
  payload: z.object({ runId: z.number().int().positive(), userId: z.number().int().positive().nullable() }),
  retryLimit: 0,
});

/** Pushes an IMS run's actions to the portal. No retries: what the portal refused is kept per action, and pushed again on request. */
export const IMS_PUSH_JOB = defineJob({
  name: 'reconciliation.imsPush',
  version: 1,
  payload: z.object({ runId: z.number().int().positive(), userId: z.number().int().positive().nullable() }),
  retryLimit: 0,
});
