import type { AppModule } from '../../platform/module';
import { dataActivityRoutes } from './data-activity.routes';

/** /data-activities: pushes to the GST portal, data synced from it, failed callbacks. */
export const dataActivitiesModule: AppModule = { name: 'data-activities', routes: dataActivityRoutes };
