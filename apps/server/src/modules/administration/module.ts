import type { AppModule } from '../../platform/module';
import { adminRoutes } from './administration.routes';

/** The mail outbox, maintenance mode and installation settings. */
export const administrationModule: AppModule = { name: 'administration', routes: adminRoutes };
