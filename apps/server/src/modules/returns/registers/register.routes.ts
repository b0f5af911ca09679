// Routes of the sales and purchase registers (issue 6 "Registers"; spec core §2 /regular-sales and /regular-purchase,
// modules §2.9 shared filter bar): list with totals, status counts, export, summaries, and saved reports.
import {
  dataOf, type Direction, REGISTER_API, RegisterExportRequestSchema, RegisterSearchRequestSchema, RegisterSearchResponseSchema, SavedReportDeleteRequestSchema,
  SavedReportSaveRequestSchema, SavedReportSchema, SavedReportsQuerySchema, SavedReportsResponseSchema, StatusCountRequestSchema, StatusCountResponseSchema,
  SummarySearchRequestSchema, SummarySearchResponseSchema,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import { XLSX_CONTENT_TYPE } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import { exportRegister } from './register-export.service';
import { searchRegister, statusCounts } from './register.queries';
import { assertModuleRight, deleteSavedReport, listSavedReports, saveSavedReport } from './saved-reports.service';
import { searchSummaries } from './summary.queries';

const REGISTERS = [
  {
    direction: 'Sales', view: 'SalesView', exportRight: 'SalesExport', file: 'sales-register.xlsx',
    search: REGISTER_API.salesSearch, statusCount: REGISTER_API.salesStatusCount, export: REGISTER_API.salesExport, summary: REGISTER_API.salesSummarySearch,
  },
  {
    direction: 'Purchase', view: 'PurchaseView', exportRight: 'PurchaseExport', file: 'purchase-register.xlsx',
    search: REGISTER_API.purchaseSearch, statusCount: REGISTER_API.purchaseStatusCount, export: REGISTER_API.purchaseExport, summary: REGISTER_API.purchaseSummarySearch,
  },
] as const;

/** Either register's view right lets a user reach their saved reports; the module's own right is checked per report. */
const savedReportAccess = { access: { rights: ['SalesView', 'PurchaseView'] } } as const;

export const registerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  for (const r of REGISTERS) {
    const direction: Direction = r.direction;
    const view = { access: { rights: [r.view], entity: 'body' } } as const;

    app.post(r.search, {
      config: view, schema: { body: RegisterSearchRequestSchema, response: { 200: dataOf(RegisterSearchResponseSchema) } },
    }, async (request) => ({ data: await searchRegister(db, principalOf(request), direction, request.body) }));

    app.post(r.statusCount, {
      config: view, schema: { body: StatusCountRequestSchema, response: { 200: dataOf(StatusCountResponseSchema) } },
    }, async (request) => ({ data: { items: await statusCounts(db, principalOf(request), direction, request.body.filters) } }));

    app.post(r.export, {
      config: { access: { rights: [r.exportRight], entity: 'body' } }, schema: { body: RegisterExportRequestSchema },
    }, async (request, reply) => {
      const principal = principalOf(request);
      const { content, rows } = await exportRegister(db, principal, direction, request.body);
      await db.transaction((tx) => writeAudit(tx, principal, {
        entityType: 'Register', entityKey: direction, entityName: `${direction} register export`, action: 'Export', after: { filters: request.body.filters ?? {}, rows }, ip: request.ip,
      }));
      return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', `attachment; filename="${r.file}"`).send(content);
    });

    app.post(r.summary, {
      config: view, schema: { body: SummarySearchRequestSchema, response: { 200: dataOf(SummarySearchResponseSchema) } },
    }, async (request) => ({ data: await searchSummaries(db, principalOf(request), direction, request.body) }));
  }

  app.get(REGISTER_API.savedReports, {
    config: savedReportAccess, schema: { querystring: SavedReportsQuerySchema, response: { 200: dataOf(SavedReportsResponseSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    await assertModuleRight(db, principal, request.query.module, ctx.now());
    return { data: { items: await listSavedReports(db, principal, request.query.module) } };
  });

  app.post(REGISTER_API.savedReportSave, {
    config: { access: { ...savedReportAccess.access, entity: 'body' } }, schema: { body: SavedReportSaveRequestSchema, response: { 200: dataOf(SavedReportSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    await assertModuleRight(db, principal, request.body.module, ctx.now());
    return { data: await saveSavedReport(db, principal, request.body, request.ip) };
  });

  app.post(REGISTER_API.savedReportDelete, {
    config: savedReportAccess, schema: { body: SavedReportDeleteRequestSchema },
  }, async (request, reply) => {
    await deleteSavedReport(db, principalOf(request), request.body.id, ctx.now(), request.ip);
    return reply.status(204).send();
  });
};
