import type { AppModule } from '../../platform/module';
import { routesOf } from '../../platform/module';
import { workerOf } from '../../platform/jobs/job';
import { processGeneration, recoverInterruptedGenerations } from './gstr1/gstr1-generate.service';
import { pollSaveStatus, resumeSaveStatusPolls, SAVE_STATUS_POLICY } from './portal/save-status.service';
import { registerRoutes } from './registers/register.routes';
import { INWARD_BULK_POLICY, runInwardBulk } from './inward/inward-bulk.service';
import { queueScheduledInwardDownloads } from './inward/inward-schedule.service';
import { GENERATE_JOB, INWARD_BULK_JOB, INWARD_SCHEDULE_JOB, SAVE_STATUS_JOB } from './returns.jobs';
import { returnRoutes } from './returns.routes';

/**
 * The regular returns (list, overview, GSTR-1 and GSTR-1A with the GST portal), the inward data from the portal
 * (GSTR-2A/2B: single and bulk downloads, the daily automatic download) and the sales and purchase registers.
 */
export const returnsModule: AppModule = {
  name: 'returns',
  routes: routesOf(registerRoutes, returnRoutes),
  jobs: (ctx) => {
    const saveStatus = { ctx, ...SAVE_STATUS_POLICY };
    return [
      workerOf(
        GENERATE_JOB,
        ({ returnId, userId }) => processGeneration({ db: ctx.database.db, now: ctx.now }, returnId, userId),
        async () => void (await recoverInterruptedGenerations(ctx.database.db)),
      ),
      workerOf(
        SAVE_STATUS_JOB,
        ({ activityId, returnId, userId }) => pollSaveStatus(saveStatus, activityId, returnId, userId),
        () => resumeSaveStatusPolls(ctx.jobs, saveStatus),
      ),
      workerOf(INWARD_BULK_JOB, (payload) => runInwardBulk({ ctx, ...INWARD_BULK_POLICY }, payload)),
      workerOf(INWARD_SCHEDULE_JOB, async () => void (await queueScheduledInwardDownloads(ctx))),
    ];
  },
};
