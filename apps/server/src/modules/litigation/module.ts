import type { AppModule } from '../../platform/module';
import { noticeReminderWorker } from './notice-reminders.jobs';
import { noticeRoutes } from './notices.routes';

/** /litigation-management, /create-litigation, /edit-litigation: the notice register (issue 23). */
export const litigationModule: AppModule = { name: 'litigation', routes: noticeRoutes, jobs: (ctx) => [noticeReminderWorker(ctx)] };
