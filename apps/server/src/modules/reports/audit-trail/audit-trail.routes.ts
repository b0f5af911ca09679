import { AUDIT_TRAIL_REPORT, REPORTS_ENDPOINTS as REPORTS } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { principalOf } from '../../../platform/access.plugin';
import { serve } from '../../../platform/endpoint';
import { serveReport } from '../../../platform/reports/serve-report';
import { auditTrailSource, findAuditDetail } from './audit-trail.service';

// The audit trail report (spec modules §2.1, /audit-trail-report): the subscriber's own rows only.
const report = { rights: ['ReportAuditTrail'] } as const;

export const auditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serveReport(app, db, AUDIT_TRAIL_REPORT, {
    access: { search: report, export: report },
    source: auditTrailSource,
    audit: { entityType: 'Report', entityKey: 'AuditTrail' },
  });

  serve(app, REPORTS.auditDetail, {
    access: report,
    handler: async (request) => findAuditDetail(db, principalOf(request), request.query.id),
  });
};
