import { routesOf, type AppModule } from '../../platform/module';
import { noticeReminderWorker } from './notice-reminders.jobs';
import { noticeRoutes } from './notices.routes';
import { noticePortalSyncRoutes } from './notices-portal-sync.routes';
import { noticeDocumentRoutes } from './notice-documents.routes';

/** /litigation-management, /create-litigation, /edit-litigation: the notice register (issue 23). */
export const litigationModule: AppModule = {
  name: 'litigation',
  routes: routesOf(noticeRoutes, noticeDocumentRoutes, noticePortalSyncRoutes),
  jobs: (ctx) => [noticeReminderWorker(ctx)],
};
