import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

const id = z.number().int().positive();

/** Reads, validates and stores one uploaded file. No retries: a failure is recorded on the import, and the user imports again. */
export const IMPORT_JOB = defineJob({
  name: 'import.process',
  version: 1,
  payload: z.object({ importId: id, subscriberId: id, userId: id }),
  retryLimit: 0,
});
