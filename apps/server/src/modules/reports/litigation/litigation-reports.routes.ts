// /contingent-liability-report and /gst-assessment-report (spec modules §2.1; issue 23), each behind its own premium
// right; the request's entity chips are checked against the user's locations, and the export is audited with its
// filters and row count. Both exports carry the report's totals on a second sheet. The section and year filters offer
// what the notices in the user's scope hold (options, the register's own query).
import {
  CONTINGENT_LIABILITY_REPORT as CL,
  GST_ASSESSMENT_REPORT as GA,
  LITIGATION_REPORT_ENDPOINTS,
  reportFileName,
  RESOURCES,
  type ContingentLiabilityRow,
  type Report,
} from '@opengst/contracts';
import { istDateOf } from '@opengst/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXCEL_AMOUNT, sheetOf, writeXlsxSheets, XLSX_CONTENT_TYPE, type XlsxColumn } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { loadInstallationSettings } from '../../../platform/settings/installation-settings';
import { exportColumnsOf } from '../../../platform/reports/report.queries';
import { locationScope } from '../../../platform/location-scope';
import { consultantOfPrincipal, findNoticeOptions } from '../../litigation';
import {
  contingentLiabilityRows,
  contingentLiabilityTotals,
  gstAssessment,
  reportingDates,
  sortAssessment,
  sortContingent,
} from './litigation-reports.service';

type TotalLine = { label: string; notices: number | null; amount: number };
const TOTAL_COLUMNS: readonly XlsxColumn<TotalLine>[] = [
  { header: 'Total', width: 44, value: (r) => r.label },
  { header: 'Notices', width: 10, value: (r) => r.notices },
  { header: 'Amount (₹)', width: 18, numFmt: EXCEL_AMOUNT, value: (r) => r.amount / 100 },
];

/** The contingent liability's totals by class: what to recognise, what to disclose, what needs neither. */
const contingentTotalLines = (rows: readonly ContingentLiabilityRow[], asOf: string): TotalLine[] => {
  const of = (label: string, pick: (r: ContingentLiabilityRow) => boolean): TotalLine => {
    const picked = rows.filter(pick);
    return { label, notices: picked.length, amount: picked.reduce((s, r) => s + (r.contingentAmount ?? 0), 0) };
  };
  return [
    of(`Provision to recognise at ${asOf} (Probable)`, (r) => r.contingentClass === 'Probable'),
    of(`Contingent liability to disclose at ${asOf} (Possible)`, (r) => r.contingentClass === 'Possible'),
    of('Remote: neither provided for nor disclosed', (r) => r.contingentClass === 'Remote'),
    of('Not assessed', (r) => r.contingentClass === null),
    { label: 'Total demand of the notices', notices: rows.length, amount: rows.reduce((s, r) => s + r.totalDemand, 0) },
  ];
};

const sendExport = async (
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  report: Report,
  entityKey: string,
  file: { content: Buffer; rows: number; filters: unknown },
) => {
  const principal = principalOf(request);
  await ctx.database.db.transaction((tx) =>
    writeAudit(tx, principal, {
      entityType: 'Report',
      entityKey,
      entityName: `${report.title} export`,
      action: 'Export',
      after: { filters: file.filters ?? {}, rows: file.rows },
      ip: request.ip,
    }),
  );
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${reportFileName(report)}"`)
    .send(file.content);
};

const page = <R>(rows: readonly R[], start: number, size: number) => rows.slice(start, start + size);

export const litigationReportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const today = () => istDateOf(ctx.now());
  const contingent = { rights: ['ReportContingentLiability'], entity: 'body' } as const;
  const assessment = { rights: ['ReportGstAssessment'], entity: 'body' } as const;

  serve(app, LITIGATION_REPORT_ENDPOINTS.options, {
    access: { rights: ['ReportContingentLiability', 'ReportGstAssessment'] },
    handler: async (request) => {
      const principal = principalOf(request);
      const scope = {
        subscriberId: principal.subscriberId,
        entityIds: await locationScope(db, principal, null),
        consultantId: await consultantOfPrincipal(db, principal),
      };
      // The register's own query (litigation/options), so both offer the same sections and years.
      const { sections, financialYears } = await findNoticeOptions(db, scope, today());
      return { sections, financialYears };
    },
  });
  serve(app, CL.endpoints.search, {
    access: contingent,
    handler: async (request) => {
      const { filters, sortExpression, start, size } = request.body;
      const rows = sortContingent(await contingentLiabilityRows(db, principalOf(request), filters ?? undefined, today()), sortExpression);
      const pageSize = size ?? (await loadInstallationSettings(db)).pageSize;
      return { items: page(rows, start, pageSize), totalRecords: rows.length, totals: contingentLiabilityTotals(rows) };
    },
  });
  serve(app, CL.endpoints.export, {
    access: contingent,
    handler: async (request, reply) => {
      const { filters, sortExpression } = request.body;
      const rows = sortContingent(await contingentLiabilityRows(db, principalOf(request), filters ?? undefined, today()), sortExpression);
      const { asOf } = reportingDates(filters ?? undefined, today());
      const content = await writeXlsxSheets([
        sheetOf(CL.title, exportColumnsOf(CL.columns), rows),
        sheetOf('Totals', TOTAL_COLUMNS, contingentTotalLines(rows, asOf)),
      ]);
      return sendExport(ctx, request, reply, CL, 'ContingentLiability', { content, rows: rows.length, filters: { ...filters, asOf } });
    },
  });

  serve(app, GA.endpoints.search, {
    access: assessment,
    handler: async (request) => {
      const { filters, sortExpression, start, size } = request.body;
      const { rows, totals } = await gstAssessment(db, principalOf(request), filters ?? undefined, today());
      const sorted = sortAssessment(rows, sortExpression);
      const pageSize = size ?? (await loadInstallationSettings(db)).pageSize;
      return { items: page(sorted, start, pageSize), totalRecords: sorted.length, totals };
    },
  });
  serve(app, GA.endpoints.export, {
    access: assessment,
    handler: async (request, reply) => {
      const { filters, sortExpression } = request.body;
      const { rows, totals } = await gstAssessment(db, principalOf(request), filters ?? undefined, today());
      const lines: TotalLine[] = GA.totals
        .filter((key) => key !== 'notices')
        .map((key) => ({
          label: RESOURCES[GA.columns.find((c) => c.key === key)?.label ?? 'litReport.demanded'],
          notices: totals.notices,
          amount: totals[key],
        }));
      const content = await writeXlsxSheets([
        sheetOf(GA.title, exportColumnsOf(GA.columns), sortAssessment(rows, sortExpression)),
        sheetOf('Totals', TOTAL_COLUMNS, lines),
      ]);
      return sendExport(ctx, request, reply, GA, 'GstAssessment', { content, rows: rows.length, filters });
    },
  });
};
