// Routes of the regular returns (spec core §2 "Regular returns group": /regular-returns-list, /regular-overview,
// /gstr-1, /gstr-1a), the GST portal session and the inward downloads (GSTR-2A/2B). Rights: ReturnsView reads,
// Gstr1Prepare generates, Gstr1File talks to the portal (session, save, submit, file). Downloading GSTR-2A/2B is a
// portal call on the recipient's side that feeds the 2A/2B reconciliation: Gstr1File or Gstr2aReconciliation.
import {
  dataOf, DataActivitySchema, InwardDownloadRequestSchema, InwardSearchRequestSchema, InwardSearchResponseSchema, PortalAuthenticateRequestSchema,
  PortalOtpRequestSchema, PortalSessionQuerySchema, PortalSessionSchema, RETURN_API, ReturnDetailQuerySchema, ReturnDetailSchema, ReturnErrorsRequestSchema,
  ReturnErrorsResponseSchema, ReturnFileRequestSchema, ReturnHistoryResponseSchema, ReturnIdQuerySchema, ReturnIdSchema, ReturnKeySchema,
  ReturnListRequestSchema, ReturnListResponseSchema, ReturnOverviewQuerySchema, ReturnOverviewSchema, ReturnSectionSearchRequestSchema,
  ReturnSectionSearchResponseSchema,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { principalOf } from '../../platform/access.plugin';
import { AppError } from '../../platform/errors';
import { requestGeneration } from './gstr1/generate-request.service';
import { downloadInward, searchInward } from './inward/inward.service';
import { fileWithPortal, requestFilingOtp, saveToPortal, submitToPortal } from './portal/portal-actions.service';
import { authenticatePortal, portalSessionOf, requestPortalOtp } from './portal/portal-session.service';
import { findReturn, returnTarget } from './returns.repo';
import { returnDetailByKey, returnOverview, searchReturns } from './returns.queries';
import { listHistory, listReturnErrors, searchSection } from './gstr1/gstr1-sections.queries';

const view = { access: { rights: ['ReturnsView'] } } as const;
const prepare = { access: { rights: ['Gstr1Prepare'], entity: 'body' } } as const;
const file = { access: { rights: ['Gstr1File'] } } as const;

/** The portal's file name of a return's JSON: GSTR1_<gstin>_<MMYYYY>.json. */
export const downloadNameOf = (returnType: string, gstin: string, returnPeriod: string) => `${returnType}_${gstin}_${returnPeriod}.json`;

export const returnRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { jobs } = ctx;
  const { db } = ctx.database;

  app.post(RETURN_API.list, {
    config: { access: { ...view.access, entity: 'body' } }, schema: { body: ReturnListRequestSchema, response: { 200: dataOf(ReturnListResponseSchema) } },
  }, async (request) => ({ data: await searchReturns(db, principalOf(request), request.body) }));

  app.get(RETURN_API.overview, {
    config: { access: { ...view.access, entity: 'query' } }, schema: { querystring: ReturnOverviewQuerySchema, response: { 200: dataOf(ReturnOverviewSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    const target = await returnTarget(db, principal, request.query.entityId);
    return { data: await returnOverview(db, principal, target.entityId, request.query.returnPeriod, await portalSessionOf(ctx, target)) };
  });

  app.get(RETURN_API.detail, {
    config: { access: { ...view.access, entity: 'query' } }, schema: { querystring: ReturnDetailQuerySchema, response: { 200: dataOf(ReturnDetailSchema) } },
  }, async (request) => {
    const { entityId, returnType, returnPeriod } = request.query;
    return { data: await returnDetailByKey(db, principalOf(request), entityId, returnType, returnPeriod) };
  });

  app.post(RETURN_API.generate, {
    config: prepare, schema: { body: ReturnKeySchema, response: { 200: dataOf(ReturnDetailSchema) } },
  }, async (request) => ({ data: await requestGeneration(ctx, jobs, principalOf(request), request.body, request.ip) }));

  app.post(RETURN_API.sectionSearch, {
    config: view, schema: { body: ReturnSectionSearchRequestSchema, response: { 200: dataOf(ReturnSectionSearchResponseSchema) } },
  }, async (request) => {
    const row = await findReturn(db, principalOf(request), request.body.id);
    return { data: await searchSection(db, row.id, request.body) };
  });

  app.get(RETURN_API.download, { config: view, schema: { querystring: ReturnIdQuerySchema } }, async (request, reply) => {
    const principal = principalOf(request);
    const row = await findReturn(db, principal, request.query.id);
    if (row.payload === null) throw new AppError('RET0015');
    const name = downloadNameOf(row.returnType, row.gstin, row.returnPeriod);
    await db.transaction((tx) => writeAudit(tx, principal, {
      entityType: 'Return', entityKey: row.id, entityName: `${row.returnType} ${row.gstin} ${row.returnPeriod}`, action: 'Export', after: { file: name }, ip: request.ip,
    }));
    return reply.header('content-type', 'application/json; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(row.payload);
  });

  app.post(RETURN_API.errors, {
    config: view, schema: { body: ReturnErrorsRequestSchema, response: { 200: dataOf(ReturnErrorsResponseSchema) } },
  }, async (request) => {
    const row = await findReturn(db, principalOf(request), request.body.id);
    return { data: await listReturnErrors(db, row.id, request.body) };
  });

  app.get(RETURN_API.history, {
    config: view, schema: { querystring: ReturnIdQuerySchema, response: { 200: dataOf(ReturnHistoryResponseSchema) } },
  }, async (request) => {
    const row = await findReturn(db, principalOf(request), request.query.id);
    return { data: { items: await listHistory(db, row.id) } };
  });

  app.post(RETURN_API.save, {
    config: file, schema: { body: ReturnIdSchema, response: { 200: dataOf(ReturnDetailSchema) } },
  }, async (request) => ({ data: await saveToPortal(ctx, jobs, principalOf(request), request.body.id, request.ip) }));

  app.post(RETURN_API.submit, {
    config: file, schema: { body: ReturnIdSchema, response: { 200: dataOf(ReturnDetailSchema) } },
  }, async (request) => ({ data: await submitToPortal(ctx, principalOf(request), request.body.id, request.ip) }));

  app.post(RETURN_API.fileOtp, {
    config: file, schema: { body: ReturnIdSchema, response: { 200: dataOf(z.object({ sent: z.literal(true) })) } },
  }, async (request) => {
    await requestFilingOtp(ctx, principalOf(request), request.body.id);
    return { data: { sent: true as const } };
  });

  app.post(RETURN_API.file, {
    config: file, schema: { body: ReturnFileRequestSchema, response: { 200: dataOf(ReturnDetailSchema) } },
  }, async (request) => ({ data: await fileWithPortal(ctx, principalOf(request), request.body.id, request.body.otp, request.ip) }));

  // Reading whether a session is active needs no portal right: the overview shows it to every returns viewer.
  app.get(RETURN_API.portalSession, {
    config: { access: { rights: ['ReturnsView', 'Gstr1File'], entity: 'query' } }, schema: { querystring: PortalSessionQuerySchema, response: { 200: dataOf(PortalSessionSchema) } },
  }, async (request) => ({ data: await portalSessionOf(ctx, await returnTarget(db, principalOf(request), request.query.entityId)) }));

  app.post(RETURN_API.portalOtp, {
    config: { access: { ...file.access, entity: 'body' } }, schema: { body: PortalOtpRequestSchema, response: { 200: dataOf(PortalSessionSchema) } },
  }, async (request) => {
    const target = await returnTarget(db, principalOf(request), request.body.entityId);
    await requestPortalOtp(ctx, target);
    return { data: await portalSessionOf(ctx, target) };
  });

  app.post(RETURN_API.portalAuthenticate, {
    config: { access: { ...file.access, entity: 'body' } }, schema: { body: PortalAuthenticateRequestSchema, response: { 200: dataOf(PortalSessionSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    const target = await returnTarget(db, principal, request.body.entityId);
    await authenticatePortal(ctx, principal, target, request.body.otp, request.ip);
    return { data: await portalSessionOf(ctx, target) };
  });

  app.post(RETURN_API.inwardDownload, {
    config: { access: { rights: ['Gstr1File', 'Gstr2aReconciliation'], entity: 'body' } },
    schema: { body: InwardDownloadRequestSchema, response: { 200: dataOf(DataActivitySchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    const target = await returnTarget(db, principal, request.body.entityId);
    return { data: await downloadInward(ctx, principal, target, request.body.returnPeriod, request.body.source, request.ip) };
  });

  app.post(RETURN_API.inwardSearch, {
    config: { access: { rights: ['ReturnsView', 'Gstr2aReconciliation'], entity: 'body' } },
    schema: { body: InwardSearchRequestSchema, response: { 200: dataOf(InwardSearchResponseSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    await returnTarget(db, principal, request.body.entityId);
    return { data: await searchInward(db, principal, request.body) };
  });
};
