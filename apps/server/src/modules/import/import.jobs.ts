import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

const id = z.number().int().positive();

/** Reads, validates and stores one uploaded file. No retries: a failure is recorded on the import, and the user imports again. */
export const IMPORT_JOB = defineJob({
  name: 'import.process',
  version: 1,
  // ip: the address the file was uploaded from (absent in jobs queued before it was carried): the IP allow-list's
  // import keeps it allowed (issue 20's lock-out guard).
  payload: z.object({ importId: id, subscriberId: id, userId: id, ip: z.string().max(100).optional() }),
  retryLimit: 0,
});
