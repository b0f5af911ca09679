// Routes of purchase reconciliation (spec core §2 /gstr-2a-reconciliation, /reconciliation-list,
// /invoice-management-system). Every route needs the Gstr2aReconciliation or the InvoiceManagementSystem right; a run is scoped by subscriber and by the user's access to every GSTIN it covers
// (runs.service.ts visibleRun), so another tenant's run, row or vendor answers 404 and a run over a location the user
// cannot see 403.
import {
  IMS_ENDPOINTS as IMS,
  RECONCILIATION_DOCUMENTS_REPORT,
  RECONCILIATION_ENDPOINTS as RECON,
  RECONCILIATION_FILING_REPORT,
  RECONCILIATION_ROWS_REPORT,
  RECONCILIATION_VENDORS_REPORT,
} from '@opengst/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../platform/access.plugin';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { serveReport } from '../../platform/reports/serve-report';
import { loadInstallationSettings } from '../../platform/settings/installation-settings';
import { XLSX_CONTENT_TYPE } from '../../files/xlsx-writer';
import { actOnRows } from './actions.service';
import { downloadIms } from './ims/ims-download.service';
import { imsPushCount, requestImsPush } from './ims/ims-push.service';
import { regenerateGstr2b } from './ims/regenerate-2b.service';
import { runInsights } from './insights.service';
import { linkRows, unlinkRow } from './manual.service';
import { documentsSource, filingSource, rowsSource, vendorsSource } from './reports.source';
import { rowDetail } from './row-detail.service';
import { runDetail, searchRuns, startRun } from './runs.service';
import { reconciliationWorkbook, vendorWorkbook } from './workbook.service';

/** The 2A/2B reconciliation's right, or IMS's: the IMS screen reads the same runs, rows and vendors. */
const reconcile = { rights: ['Gstr2aReconciliation', 'InvoiceManagementSystem'] } as const satisfies RouteAccess;
/** IMS: its own right (spec core §2 /invoice-management-system); talking to the portal is also the returns filer's. */
const ims = { rights: ['InvoiceManagementSystem'] } as const satisfies RouteAccess;

export const reconciliationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, RECON.runStart, {
    access: { ...reconcile, entity: 'body' },
    handler: async (request) => startRun(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, RECON.runList, {
    access: { ...reconcile, entity: 'body' },
    handler: async (request) => searchRuns(db, principalOf(request), request.body, (await loadInstallationSettings(db)).pageSize),
  });
  serve(app, RECON.run, { access: reconcile, handler: async (request) => runDetail(db, principalOf(request), request.query.runId) });
  serve(app, RECON.row, { access: reconcile, handler: async (request) => rowDetail(db, principalOf(request), request.query.rowId) });
  serve(app, RECON.insights, { access: reconcile, handler: async (request) => runInsights(db, principalOf(request), request.query.runId) });
  serve(app, RECON.link, { access: reconcile, handler: async (request) => linkRows(ctx, principalOf(request), request.body, request.ip) });
  serve(app, RECON.unlink, {
    access: reconcile,
    handler: async (request) => unlinkRow(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, RECON.action, {
    access: reconcile,
    handler: async (request) => actOnRows(ctx, principalOf(request), request.body, request.ip),
  });

  /** Sends a workbook, audited as an export of the run. */
  const sendWorkbook = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: { content: Buffer; rows: number },
    name: string,
    runId: number,
  ) => {
    const principal = principalOf(request);
    await db.transaction((tx) =>
      writeAudit(tx, principal, {
        entityType: 'Reconciliation',
        entityKey: String(runId),
        entityName: name,
        action: 'Export',
        after: { rows: file.rows },
        ip: request.ip,
      }),
    );
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(file.content);
  };
  serve(app, RECON.workbook, {
    access: reconcile,
    handler: async (request, reply) => {
      const file = await reconciliationWorkbook(db, principalOf(request), request.body.runId, request.body.filters);
      return sendWorkbook(request, reply, file, `reconciliation-${request.body.runId}.xlsx`, request.body.runId);
    },
  });
  serve(app, RECON.vendorWorkbook, {
    access: reconcile,
    handler: async (request, reply) => {
      const file = await vendorWorkbook(db, principalOf(request), request.body.runId, request.body.supplierGstin);
      return sendWorkbook(request, reply, file, `reconciliation-${request.body.runId}-${file.supplierGstin}.xlsx`, request.body.runId);
    },
  });

  serve(app, IMS.download, {
    access: { ...ims, entity: 'body' },
    handler: async (request) => downloadIms(ctx, principalOf(request), request.body.entityIds),
  });
  serve(app, IMS.push, { access: ims, handler: async (request) => requestImsPush(ctx, principalOf(request), request.body.runId) });
  serve(app, IMS.pushCount, { access: reconcile, handler: async (request) => imsPushCount(db, principalOf(request), request.query.runId) });
  serve(app, IMS.regenerate2b, {
    access: { ...ims, entity: 'body' },
    handler: async (request) => regenerateGstr2b(ctx, principalOf(request), request.body.entityId, request.body.returnPeriod),
  });

  const audit = (key: string) => ({ entityType: 'Reconciliation', entityKey: key });
  serveReport(app, db, RECONCILIATION_ROWS_REPORT, {
    access: { search: reconcile, export: reconcile },
    source: rowsSource,
    audit: audit('Rows'),
  });
  serveReport(app, db, RECONCILIATION_VENDORS_REPORT, {
    access: { search: reconcile, export: reconcile },
    source: vendorsSource,
    audit: audit('Vendors'),
  });
  serveReport(app, db, RECONCILIATION_DOCUMENTS_REPORT, {
    access: { search: reconcile, export: reconcile },
    source: documentsSource,
    audit: audit('Documents'),
  });
  serveReport(app, db, RECONCILIATION_FILING_REPORT, {
    access: { search: reconcile, export: reconcile },
    source: filingSource,
    audit: audit('Filing'),
  });
};
