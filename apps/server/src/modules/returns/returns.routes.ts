// Routes of the regular returns (spec core §2 "Regular returns group": /regular-returns-list, /regular-overview,
// /gstr-1, /gstr-1a), the GST portal session and the inward downloads (GSTR-2A/2B). Rights: ReturnsView reads,
// Gstr1Prepare generates, Gstr1File talks to the portal (session, save, submit, file). Downloading GSTR-2A/2B is a
// portal call on the recipient's side that feeds the 2A/2B reconciliation: Gstr1File or Gstr2aReconciliation, for one
// download or many (the bulk job); reading their progress and the download summary takes ReturnsView or
// Gstr2aReconciliation, as reading the downloaded documents does. Signing in to the portal is for every right that
// talks to it (contracts PORTAL_SIGN_IN_RIGHTS: filing, the 2A/2B downloads, IMS, challans, ledgers).
import { PORTAL_SIGN_IN_RIGHTS, RETURN_ENDPOINTS } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { principalOf, type RouteAccess } from '../../platform/access.plugin';
import { serve } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { requestGeneration } from './gstr1/generate-request.service';
import { inwardBulkProgress, requestInwardBulk } from './inward/inward-bulk.service';
import { searchInwardSummary } from './inward/inward-summary.queries';
import { downloadInward, searchInward } from './inward/inward.service';
import { fileWithPortal, requestFilingOtp, saveToPortal, submitToPortal } from './portal/portal-actions.service';
import { authenticatePortal, portalSessionOf, requestPortalOtp } from './portal/portal-session.service';
import { findReturn, returnTarget } from './returns.repo';
import { returnDetailByKey, returnOverview, searchReturns } from './returns.queries';
import { listHistory, listReturnErrors, searchSection } from './gstr1/gstr1-sections.queries';

const view = { rights: ['ReturnsView'] } as const satisfies RouteAccess;
const prepare = { rights: ['Gstr1Prepare'], entity: 'body' } as const satisfies RouteAccess;
const file = { rights: ['Gstr1File'] } as const satisfies RouteAccess;
const inwardDownload = { rights: ['Gstr1File', 'Gstr2aReconciliation'], entity: 'body' } as const satisfies RouteAccess;
const inwardRead = { rights: ['ReturnsView', 'Gstr1File', 'Gstr2aReconciliation'], entity: 'body' } as const satisfies RouteAccess;
const portalSignIn = { rights: PORTAL_SIGN_IN_RIGHTS, entity: 'body' } as const satisfies RouteAccess;

/** The portal's file name of a return's JSON: GSTR1_<gstin>_<MMYYYY>.json. */
export const downloadNameOf = (returnType: string, gstin: string, returnPeriod: string) => `${returnType}_${gstin}_${returnPeriod}.json`;

export const returnRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { jobs } = ctx;
  const { db } = ctx.database;

  serve(app, RETURN_ENDPOINTS.list, {
    access: { ...view, entity: 'body' },
    handler: async (request) => searchReturns(db, principalOf(request), request.body),
  });

  serve(app, RETURN_ENDPOINTS.overview, {
    access: { ...view, entity: 'query' },
    handler: async (request) => {
      const principal = principalOf(request);
      const target = await returnTarget(db, principal, request.query.entityId);
      return returnOverview(db, principal, target.entityId, request.query.returnPeriod, await portalSessionOf(ctx, target));
    },
  });

  serve(app, RETURN_ENDPOINTS.detail, {
    access: { ...view, entity: 'query' },
    handler: async (request) => {
      const { entityId, returnType, returnPeriod } = request.query;
      return returnDetailByKey(db, principalOf(request), entityId, returnType, returnPeriod);
    },
  });

  serve(app, RETURN_ENDPOINTS.generate, {
    access: prepare,
    handler: async (request) => requestGeneration(ctx, jobs, principalOf(request), request.body, request.ip),
  });

  serve(app, RETURN_ENDPOINTS.sectionSearch, {
    access: view,
    handler: async (request) => {
      const row = await findReturn(db, principalOf(request), request.body.id);
      return searchSection(db, row.id, request.body);
    },
  });

  serve(app, RETURN_ENDPOINTS.download, {
    access: view,
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const row = await findReturn(db, principal, request.query.id);
      if (row.payload === null) throw new AppError('RET0015');
      const name = downloadNameOf(row.returnType, row.gstin, row.returnPeriod);
      await db.transaction((tx) =>
        writeAudit(tx, principal, {
          entityType: 'Return',
          entityKey: row.id,
          entityName: `${row.returnType} ${row.gstin} ${row.returnPeriod}`,
          action: 'Export',
          after: { file: name },
          ip: request.ip,
        }),
      );
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(row.payload);
    },
  });

  serve(app, RETURN_ENDPOINTS.errors, {
    access: view,
    handler: async (request) => {
      const row = await findReturn(db, principalOf(request), request.body.id);
      return listReturnErrors(db, row.id, request.body);
    },
  });

  serve(app, RETURN_ENDPOINTS.history, {
    access: view,
    handler: async (request) => {
      const row = await findReturn(db, principalOf(request), request.query.id);
      return { items: await listHistory(db, row.id) };
    },
  });

  serve(app, RETURN_ENDPOINTS.save, {
    access: file,
    handler: async (request) => saveToPortal(ctx, jobs, principalOf(request), request.body.id, request.ip),
  });

  serve(app, RETURN_ENDPOINTS.submit, {
    access: file,
    handler: async (request) => submitToPortal(ctx, principalOf(request), request.body.id, request.ip),
  });

  serve(app, RETURN_ENDPOINTS.fileOtp, {
    access: file,
    handler: async (request) => {
      await requestFilingOtp(ctx, principalOf(request), request.body.id);
      return { sent: true as const };
    },
  });

  serve(app, RETURN_ENDPOINTS.file, {
    access: file,
    handler: async (request) => fileWithPortal(ctx, principalOf(request), request.body.id, request.body.otp, request.ip),
  });

  // Reading whether a session is active needs no portal right: the overview shows it to every returns viewer.
  serve(app, RETURN_ENDPOINTS.portalSession, {
    access: { rights: ['ReturnsView', ...portalSignIn.rights], entity: 'query' },
    handler: async (request) => portalSessionOf(ctx, await returnTarget(db, principalOf(request), request.query.entityId)),
  });

  serve(app, RETURN_ENDPOINTS.portalOtp, {
    access: portalSignIn,
    handler: async (request) => {
      const target = await returnTarget(db, principalOf(request), request.body.entityId);
      await requestPortalOtp(ctx, target);
      return portalSessionOf(ctx, target);
    },
  });

  serve(app, RETURN_ENDPOINTS.portalAuthenticate, {
    access: portalSignIn,
    handler: async (request) => {
      const principal = principalOf(request);
      const target = await returnTarget(db, principal, request.body.entityId);
      await authenticatePortal(ctx, principal, target, request.body.otp, request.ip);
      return portalSessionOf(ctx, target);
    },
  });

  serve(app, RETURN_ENDPOINTS.inwardDownload, {
    access: inwardDownload,
    handler: async (request) => {
      const principal = principalOf(request);
      const target = await returnTarget(db, principal, request.body.entityId);
      return downloadInward(ctx, principal, target, request.body.returnPeriod, request.body.source, request.ip);
    },
  });

  serve(app, RETURN_ENDPOINTS.inwardSearch, {
    access: { rights: ['ReturnsView', 'Gstr2aReconciliation'], entity: 'body' },
    handler: async (request) => {
      const principal = principalOf(request);
      await returnTarget(db, principal, request.body.entityId);
      return searchInward(db, principal, request.body);
    },
  });

  serve(app, RETURN_ENDPOINTS.inwardBulkDownload, {
    access: inwardDownload,
    handler: async (request) => requestInwardBulk(ctx, principalOf(request), request.body, request.ip),
  });

  serve(app, RETURN_ENDPOINTS.inwardBulkStatus, {
    access: inwardRead,
    handler: async (request) => inwardBulkProgress(db, principalOf(request), request.body.activityIds),
  });

  serve(app, RETURN_ENDPOINTS.inwardSummary, {
    access: inwardRead,
    handler: async (request) => searchInwardSummary(db, principalOf(request), request.body),
  });
};
