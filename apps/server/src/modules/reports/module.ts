import { routesOf, type AppModule } from '../../platform/module';
import { auditRoutes } from './audit-trail/audit-trail.routes';
import { litigationReportRoutes } from './litigation/litigation-reports.routes';

/** Reports (spec modules §2.1): the audit trail report, the contingent liability and GST assessment reports. */
export const reportsModule: AppModule = { name: 'reports', routes: routesOf(auditRoutes, litigationReportRoutes) };
