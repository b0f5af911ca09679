import { workerOf } from '../../platform/jobs/job';
import type { AppModule } from '../../platform/module';
import { processGstr3bCompute, recoverInterruptedComputes } from './gstr3b-compute.service';
import { COMPUTE_JOB } from './gstr3b.jobs';
import { gstr3bRoutes } from './gstr3b.routes';

/**
 * GSTR-3B (issue 19): computed from the GSTR-1 documents, the purchase register and the stored GSTR-2B with the
 * reconciliation's decisions; the user's figures beside the system's, the documents behind each, the set-off of
 * table 6.1 with interest and late fee, the portal JSON and the timeline. The computation is a background job.
 */
export const gstr3bModule: AppModule = {
  name: 'gstr3b',
  routes: gstr3bRoutes,
  jobs: (ctx) => [
    workerOf(
      COMPUTE_JOB,
      ({ returnId, userId }) => processGstr3bCompute({ db: ctx.database.db, now: ctx.now }, returnId, userId),
      async () => void (await recoverInterruptedComputes(ctx.database.db)),
    ),
  ],
};
