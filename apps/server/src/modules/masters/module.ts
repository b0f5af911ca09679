import type { AppModule } from '../../platform/module';
import { masterRoutes } from './masters.routes';

/** States, financial years and return periods (spec core §7 master calls). */
export const mastersModule: AppModule = { name: 'masters', routes: masterRoutes };
