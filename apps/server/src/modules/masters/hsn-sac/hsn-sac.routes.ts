// Routes of /hsn-sac (right MasterHsnSac): the subscriber's own HSN/SAC list, checked against the GST portal's directory.
import { istDateOf } from '@opengst/domain';
import { HSN_SAC_ENDPOINTS as E, type HsnSac } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { XlsxColumn } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { AUDITED_EXPORT_LIMIT, sendAuditedExport } from '../../../platform/audited-export';
import { findHsnSacs, hsnSacWhere } from './hsn-sac.repo';
import { deleteHsnSacs, hsnSacOptions, saveHsnSac, updateHsnSacStatus } from './hsn-sac.service';

const access = { rights: ['MasterHsnSac'] } as const;

const COLUMNS: readonly XlsxColumn<HsnSac>[] = [
  { header: 'HSN/SAC code', width: 14, value: (r) => r.code },
  { header: 'Type', width: 7, value: (r) => r.kind },
  { header: 'Description', width: 60, value: (r) => r.description },
  { header: 'Rate %', width: 8, value: (r) => (r.rate === null ? '' : r.rate / 1000) },
  { header: 'UQC', width: 7, value: (r) => r.uqc ?? '' },
  { header: 'Status', width: 10, value: (r) => r.status },
  { header: 'Changed by', width: 20, value: (r) => r.updatedByName },
  { header: 'Last changed', width: 22, value: (r) => r.updatedAt },
];

export const hsnSacRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const today = () => istDateOf(ctx.now());

  serve(app, E.hsnSacSearch, {
    access,
    handler: async (request) => findHsnSacs(db, hsnSacWhere(principalOf(request).subscriberId, request.body.filters), request.body),
  });
  serve(app, E.hsnSacOptions, { access, handler: async () => hsnSacOptions(today()) });
  serve(app, E.hsnSacSave, {
    access,
    handler: async (request) =>
      saveHsnSac({ db, hsnDirectoryFile: ctx.config.hsnDirectoryFile, today: today(), ip: request.ip }, principalOf(request), request.body),
  });
  serve(app, E.hsnSacUpdateStatus, {
    access,
    handler: async (request) => ({
      affected: await updateHsnSacStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip),
    }),
  });
  serve(app, E.hsnSacDelete, {
    access,
    handler: async (request) => ({ affected: await deleteHsnSacs(db, principalOf(request), request.body.ids, request.ip) }),
  });
  serve(app, E.hsnSacExport, {
    access,
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { items } = await findHsnSacs(db, hsnSacWhere(principal.subscriberId, request.body.filters), {
        start: 0,
        size: AUDITED_EXPORT_LIMIT,
        sortExpression: request.body.sortExpression,
      });
      return sendAuditedExport(db, request, reply, {
        entityType: 'HsnSac',
        sheet: 'HSN SAC',
        fileName: 'hsn-sac.xlsx',
        columns: COLUMNS,
        rows: items,
        filters: request.body.filters,
      });
    },
  });
};
