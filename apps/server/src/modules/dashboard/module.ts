import type { AppModule } from '../../platform/module';
import { dashboardRoutes } from './dashboard.routes';

/** Statistics and quick access (/quick-access-and-statistics). */
export const dashboardModule: AppModule = { name: 'dashboard', routes: dashboardRoutes };
