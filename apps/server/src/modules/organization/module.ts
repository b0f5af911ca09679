import type { AppModule } from '../../platform/module';
import { routesOf } from '../../platform/module';
import { branchRoutes } from './branches/branch.routes';
import { departmentRoutes } from './departments/department.routes';
import { entityRoutes } from './entities/entity.routes';
import { lookupRoutes } from './lookups/lookup.routes';
import { profileRoutes } from './profile/profile.routes';
import { roleRoutes } from './roles/role.routes';
import { apiAccessRoutes } from './users/api-access.routes';
import { dormancyWorker } from './users/dormancy.jobs';
import { userAdminRoutes } from './users/user-admin.routes';
import { userRoutes } from './users/user.routes';

/** Entities, branches, departments, users (with API access and dormancy), roles, the user's profile, subscriber lookups. */
export const organizationModule: AppModule = {
  name: 'organization',
  routes: routesOf(
    userRoutes,
    entityRoutes,
    branchRoutes,
    departmentRoutes,
    lookupRoutes,
    userAdminRoutes,
    apiAccessRoutes,
    roleRoutes,
    profileRoutes,
  ),
  jobs: (ctx) => [dormancyWorker(ctx.database.db)],
};
