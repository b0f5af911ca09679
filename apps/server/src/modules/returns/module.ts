import type { AppModule } from '../../platform/module';
import { routesOf } from '../../platform/module';
import { workerOf } from '../../platform/jobs/job';
import { processGeneration, recoverInterruptedGenerations } from './gstr1/gstr1-generate.service';
import { pollSaveStatus, resumeSaveStatusPolls, SAVE_STATUS_POLICY } from './portal/save-status.service';
import { registerRoutes } from './registers/register.routes';
import { GENERATE_JOB, SAVE_STATUS_JOB } from './returns.jobs';
import { returnRoutes } from './returns.routes';

/** The regular returns (list, overview, GSTR-1 and GSTR-1A with the GST portal) and the sales and purchase registers. */
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
    ];
  },
};
