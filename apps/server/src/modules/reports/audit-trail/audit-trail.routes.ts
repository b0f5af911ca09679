import { AuditDetailSchema, AuditItemSchema, AuditSearchFiltersSchema, dataOf, ORGANIZATION_API, RecordDetailQuerySchema } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { listRequestSchema, listResponseSchema } from '../../../platform/lists';
import { principalOf } from '../../../platform/access.plugin';
import { findAuditDetail, searchAuditTrail } from './audit-trail.service';

// The audit trail report (spec modules §2.1, /audit-trail-report): the subscriber's own rows only.
const report = { access: { rights: ['ReportAuditTrail'] } } as const;

export const auditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.post(ORGANIZATION_API.auditSearch, {
    config: report,
    schema: { body: listRequestSchema(AuditSearchFiltersSchema), response: { 200: dataOf(listResponseSchema(AuditItemSchema)) } },
  }, async (request) => ({ data: await searchAuditTrail(db, principalOf(request), request.body) }));

  app.get(ORGANIZATION_API.auditDetail, {
    config: report,
    schema: { querystring: RecordDetailQuerySchema, response: { 200: dataOf(AuditDetailSchema) } },
  }, async (request) => ({ data: await findAuditDetail(db, principalOf(request), request.query.id) }));
};
