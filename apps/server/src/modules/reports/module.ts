import type { AppModule } from '../../platform/module';
import { auditRoutes } from './audit-trail/audit-trail.routes';

/** Reports (spec modules §2.1); so far the audit trail report. */
export const reportsModule: AppModule = { name: 'reports', routes: auditRoutes };
