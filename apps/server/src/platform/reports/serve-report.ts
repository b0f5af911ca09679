import { reportFileName, type Report, type ReportFilters } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { XLSX_CONTENT_TYPE } from '../../files/xlsx-writer';
import { principalOf, type RouteAccess } from '../access.plugin';
import { writeAudit } from '../audit';
import type { SessionPrincipal } from '../auth/sessions';
import { serve } from '../endpoint';
import { loadInstallationSettings } from '../settings/installation-settings';
import { checkSource, exportReport, searchReport, type ReportScope, type ReportSource } from './report.queries';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export type ServeReportOptions<D extends Report, S extends ReportScope> = {
  /** Who may search, and who may export (an export right of its own where the spec has one). */
  access: { search: RouteAccess; export: RouteAccess };
  source: ReportSource<D, S>;
  /** The export's audit row names the report: entity type and key (the export itself is always audited). */
  audit: { entityType: string; entityKey: string };
  /** Replaces the generic export (a register exports one row an item line, not one a document). */
  exportWith?: (
    principal: SessionPrincipal,
    request: { sortExpression?: string | null; filters?: unknown },
  ) => Promise<{ content: Buffer; rows: number }>;
};

/**
 * Registers a report's two endpoints: search (a page, the count and the totals) and export (xlsx of every matching
 * row, audited with its filters and row count). The source is checked against the report's columns at start-up.
 */
export const serveReport = <D extends Report, S extends ReportScope>(app: ZodApp, db: Db, report: D, options: ServeReportOptions<D, S>) => {
  const { source } = options;
  checkSource(report, source);

  // The endpoints as every report has them; the body was parsed by this report's own filters schema, so reading its
  // filters as the report's is what the validation already proved.
  const endpoints: Report['endpoints'] = report.endpoints;
  type Body = { sortExpression?: string | null; filters?: ReportFilters<D> };

  serve(app, endpoints.search, {
    access: options.access.search,
    handler: async (request) => {
      const { pageSize } = await loadInstallationSettings(db);
      return searchReport(db, principalOf(request), report, source, request.body as Body & { start: number }, pageSize);
    },
  });

  serve(app, endpoints.export, {
    access: options.access.export,
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { content, rows } = options.exportWith
        ? await options.exportWith(principal, request.body)
        : await exportReport(db, principal, report, source, request.body as Body);
      await db.transaction((tx) =>
        writeAudit(tx, principal, {
          ...options.audit,
          entityName: `${report.title} export`,
          action: 'Export',
          after: { filters: request.body.filters ?? {}, rows },
          ip: request.ip,
        }),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${reportFileName(report)}"`)
        .send(content);
    },
  });
};
