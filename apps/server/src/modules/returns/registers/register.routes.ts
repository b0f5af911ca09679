// Routes of the sales and purchase registers (issue 6 "Registers"; spec core §2 /regular-sales and /regular-purchase,
// modules §2.9 shared filter bar): list with totals, status counts, export, summaries, and saved reports.
import { REGISTER_ENDPOINTS, REGISTER_ENDPOINTS_OF, REGISTER_REPORTS } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context';
import { principalOf, type RouteAccess } from '../../../platform/access.plugin';
import { serve } from '../../../platform/endpoint';
import { serveReport } from '../../../platform/reports/serve-report';
import { exportRegister } from './register-export.service';
import { registerSource, statusCounts } from './register.queries';
import { assertModuleRight, deleteSavedReport, listSavedReports, saveSavedReport } from './saved-reports.service';
import { searchSummaries } from './summary.queries';

const REGISTERS = [
  { direction: 'Sales', view: 'SalesView', exportRight: 'SalesExport' },
  { direction: 'Purchase', view: 'PurchaseView', exportRight: 'PurchaseExport' },
] as const;

/** Either register's view right lets a user reach their saved reports; the module's own right is checked per report. */
const savedReportAccess = { rights: ['SalesView', 'PurchaseView'] } as const satisfies RouteAccess;

export const registerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  for (const r of REGISTERS) {
    const { direction } = r;
    const endpoints = REGISTER_ENDPOINTS_OF[direction];
    const view = { rights: [r.view], entity: 'body' } as const satisfies RouteAccess;

    serveReport(app, db, REGISTER_REPORTS[direction], {
      access: { search: view, export: { rights: [r.exportRight], entity: 'body' } },
      source: registerSource(direction),
      audit: { entityType: 'Register', entityKey: direction },
      exportWith: (principal, request) => exportRegister(db, principal, direction, request as Parameters<typeof exportRegister>[3]),
    });

    serve(app, endpoints.statusCount, {
      access: view,
      handler: async (request) => ({ items: await statusCounts(db, principalOf(request), direction, request.body.filters) }),
    });

    serve(app, endpoints.summarySearch, {
      access: view,
      handler: async (request) => searchSummaries(db, principalOf(request), direction, request.body),
    });
  }

  serve(app, REGISTER_ENDPOINTS.savedReports, {
    access: savedReportAccess,
    handler: async (request) => {
      const principal = principalOf(request);
      await assertModuleRight(db, principal, request.query.module, ctx.now());
      return { items: await listSavedReports(db, principal, request.query.module) };
    },
  });

  serve(app, REGISTER_ENDPOINTS.savedReportSave, {
    access: { ...savedReportAccess, entity: 'body' },
    handler: async (request) => {
      const principal = principalOf(request);
      await assertModuleRight(db, principal, request.body.module, ctx.now());
      return saveSavedReport(db, principal, request.body, request.ip);
    },
  });

  serve(app, REGISTER_ENDPOINTS.savedReportDelete, {
    access: savedReportAccess,
    handler: async (request) => {
      await deleteSavedReport(db, principalOf(request), request.body.id, ctx.now(), request.ip);
    },
  });
};
