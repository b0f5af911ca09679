import { workerOf } from '../../platform/jobs/job';
import type { AppModule } from '../../platform/module';
import { pushImsActions, releaseInterruptedPushes } from './ims/ims-push.service';
import { IMS_PUSH_JOB, RUN_JOB } from './reconciliation.jobs';
import { reconciliationRoutes } from './reconciliation.routes';
import { processRun, recoverInterruptedRuns } from './run.job';

/** Purchase reconciliation: runs of the engine over the books and the stored GSTR-2B/2A, their lists and actions. */
export const reconciliationModule: AppModule = {
  name: 'reconciliation',
  routes: reconciliationRoutes,
  jobs: (ctx) => [
    workerOf(
      RUN_JOB,
      ({ runId }) => processRun({ db: ctx.database.db, now: ctx.now }, runId),
      async () => void (await recoverInterruptedRuns(ctx.database.db)),
    ),
    workerOf(
      IMS_PUSH_JOB,
      ({ runId, userId }) => pushImsActions(ctx, runId, userId),
      () => releaseInterruptedPushes(ctx.database.db),
    ),
  ],
};
