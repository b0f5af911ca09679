// Routes of /chart-of-accounts (right MasterChartOfAccounts): list, the groups to place an account under, save,
// status, delete and the export, whose columns are the import template's (so an export imports again).
import { CHART_OF_ACCOUNTS_ENDPOINTS as E, IMPORT_COLUMNS, type ChartAccount } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { XlsxColumn } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { AUDITED_EXPORT_LIMIT, sendAuditedExport } from '../../../platform/audited-export';
import { chartAccountWhere, findChartAccounts, findChartGroups } from './chart-of-accounts.repo';
import { deleteChartAccounts, saveChartAccount, updateChartAccountStatus } from './chart-of-accounts.service';

const access = { rights: ['MasterChartOfAccounts'] } as const;

/** The import template's column header of a key: the export writes the same headers. */
const header = (key: string): string => {
  const column = IMPORT_COLUMNS.ChartOfAccounts.find((c) => c.key === key);
  if (!column) throw new Error(`no chart of accounts import column ${key}`);
  return column.name;
};

const COLUMNS: readonly XlsxColumn<ChartAccount>[] = [
  { header: header('code'), width: 16, value: (r) => r.code },
  { header: header('name'), width: 32, value: (r) => r.name },
  { header: header('accountType'), width: 12, value: (r) => r.accountType },
  { header: header('isGroup'), width: 8, value: (r) => (r.isGroup ? 'Y' : 'N') },
  { header: header('parentCode'), width: 16, value: (r) => r.parentCode ?? '' },
  { header: header('gstHead'), width: 22, value: (r) => r.gstHead ?? '' },
  { header: header('description'), width: 36, value: (r) => r.description },
  { header: header('status'), width: 10, value: (r) => r.status },
  // Not import columns (the import ignores them): where the account sits, and its last change.
  { header: 'Path', width: 50, value: (r) => r.path },
  { header: 'Changed by', width: 20, value: (r) => r.updatedByName },
  { header: 'Last changed', width: 22, value: (r) => r.updatedAt },
];

export const chartOfAccountsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, E.chartOfAccountsSearch, {
    access,
    handler: async (request) => {
      const { subscriberId } = principalOf(request);
      return findChartAccounts(db, subscriberId, chartAccountWhere(subscriberId, request.body.filters), request.body);
    },
  });
  serve(app, E.chartOfAccountsGroups, {
    access,
    handler: async (request) => ({ items: await findChartGroups(db, principalOf(request).subscriberId) }),
  });
  serve(app, E.chartOfAccountsSave, {
    access,
    handler: async (request) => saveChartAccount(db, principalOf(request), request.body, request.ip),
  });
  serve(app, E.chartOfAccountsUpdateStatus, {
    access,
    handler: async (request) => ({
      affected: await updateChartAccountStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip),
    }),
  });
  serve(app, E.chartOfAccountsDelete, {
    access,
    handler: async (request) => ({ affected: await deleteChartAccounts(db, principalOf(request), request.body.ids, request.ip) }),
  });
  serve(app, E.chartOfAccountsExport, {
    access,
    handler: async (request, reply) => {
      const { subscriberId } = principalOf(request);
      const { items } = await findChartAccounts(db, subscriberId, chartAccountWhere(subscriberId, request.body.filters), {
        start: 0,
        size: AUDITED_EXPORT_LIMIT,
        sortExpression: request.body.sortExpression,
      });
      return sendAuditedExport(db, request, reply, {
        entityType: 'ChartOfAccounts',
        sheet: 'Chart of accounts',
        fileName: 'chart-of-accounts.xlsx',
        columns: COLUMNS,
        rows: items,
        filters: request.body.filters,
      });
    },
  });
};
