import type { AppModule } from '../../platform/module';
import { routesOf } from '../../platform/module';
import { authCleanupWorker } from './auth-cleanup.jobs';
import { authRoutes } from './auth.routes';
import { registrationRoutes } from './registration/registration.routes';
import { requestTokenRoutes } from './request-token.routes';

/** Sign-in, sessions, forgot password, self-registration (spec core §3). */
export const authModule: AppModule = {
  name: 'auth',
  routes: routesOf(authRoutes, registrationRoutes, requestTokenRoutes),
  jobs: (ctx) => [authCleanupWorker(ctx.database.db)],
};
