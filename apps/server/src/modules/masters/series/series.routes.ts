// Routes of /series and /allocate-series (right MasterSeries) and the document screen's look-up of the series it may
// draw from (the document screen's rights). Series belong to the subscriber; allocations to its locations, so their
// list is narrowed to the user's locations and a location named in a request is checked by the access plugin.
import { SERIES_ENDPOINTS as E, type Allocation, type Series } from '@opengst/contracts';
import { DOCUMENT_TYPES, isDocumentType } from '@opengst/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { XlsxColumn } from '../../../files/xlsx-writer';
import { principalOf } from '../../../platform/access.plugin';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { AUDITED_EXPORT_LIMIT, sendAuditedExport } from '../../../platform/audited-export';
import { locationScope } from '../../../platform/location-scope';
import { deleteAllocations, saveAllocation, updateAllocationStatus } from './allocation.service';
import { availableSeries } from './numbering';
import { allocationWhere, findAllocations, findSeries, seriesWhere } from './series.repo';
import { deleteSeries, saveSeries, seriesById, updateSeriesStatus } from './series.service';

const access = { rights: ['MasterSeries'] } as const;

const typeName = (code: string) => (isDocumentType(code) ? `${code} (${DOCUMENT_TYPES[code].name})` : code);

const SERIES_COLUMNS: readonly XlsxColumn<Series>[] = [
  { header: 'Name', width: 24, value: (s) => s.name },
  { header: 'Financial year', width: 14, value: (s) => s.financialYear },
  { header: 'Prefix', width: 16, value: (s) => s.prefix },
  { header: 'Digits', width: 8, value: (s) => s.padding },
  { header: 'First number', width: 13, value: (s) => s.startNumber },
  { header: 'Next number', width: 13, value: (s) => s.nextNumber },
  { header: 'Next document number', width: 22, value: (s) => s.nextDocumentNumber },
  { header: 'Documents numbered', width: 12, value: (s) => s.numbered },
  { header: 'Last number', width: 20, value: (s) => s.lastNumber },
  { header: 'Allocations', width: 12, value: (s) => s.allocations },
  { header: 'Status', width: 10, value: (s) => s.status },
];

const ALLOCATION_COLUMNS: readonly XlsxColumn<Allocation>[] = [
  { header: 'Series', width: 24, value: (a) => a.seriesName },
  { header: 'Financial year', width: 14, value: (a) => a.financialYear },
  { header: 'Location', width: 28, value: (a) => a.entityName },
  { header: 'GSTIN', width: 17, value: (a) => a.gstin },
  { header: 'Document type', width: 24, value: (a) => typeName(a.documentType) },
  { header: 'Default', width: 9, value: (a) => (a.isDefault ? 'Yes' : 'No') },
  { header: 'Next document number', width: 22, value: (a) => a.nextDocumentNumber },
  { header: 'Documents numbered', width: 12, value: (a) => a.numbered },
  { header: 'Status', width: 10, value: (a) => a.status },
];

export const seriesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, E.seriesSearch, {
    access,
    handler: async (request) => findSeries(db, seriesWhere(principalOf(request).subscriberId, request.body.filters), request.body),
  });
  serve(app, E.seriesDetail, { access, handler: async (request) => seriesById(db, principalOf(request), request.query.id) });
  serve(app, E.seriesSave, { access, handler: async (request) => saveSeries(db, principalOf(request), request.body, request.ip) });
  serve(app, E.seriesUpdateStatus, {
    access,
    handler: async (request) => ({
      affected: await updateSeriesStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip),
    }),
  });
  serve(app, E.seriesDelete, {
    access,
    handler: async (request) => ({ affected: await deleteSeries(db, principalOf(request), request.body.ids, request.ip) }),
  });
  serve(app, E.seriesExport, {
    access,
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { items } = await findSeries(db, seriesWhere(principal.subscriberId, request.body.filters), {
        start: 0,
        size: AUDITED_EXPORT_LIMIT,
        sortExpression: request.body.sortExpression,
      });
      return sendAuditedExport(db, request, reply, {
        entityType: 'Series',
        sheet: 'Series',
        fileName: 'series.xlsx',
        columns: SERIES_COLUMNS,
        rows: items,
        filters: request.body.filters,
      });
    },
  });

  serve(app, E.allocationSearch, {
    access: { ...access, entity: 'body' },
    handler: async (request) => {
      const principal = principalOf(request);
      const locations = await locationScope(db, principal, request.body.filters?.entityIds);
      return findAllocations(db, allocationWhere(principal.subscriberId, locations, request.body.filters), request.body);
    },
  });
  serve(app, E.allocationSave, {
    access: { ...access, entity: 'body' },
    handler: async (request) => saveAllocation(db, principalOf(request), request.body, request.ip),
  });
  serve(app, E.allocationUpdateStatus, {
    access,
    handler: async (request) => ({
      affected: await updateAllocationStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip),
    }),
  });
  serve(app, E.allocationDelete, {
    access,
    handler: async (request) => ({ affected: await deleteAllocations(db, principalOf(request), request.body.ids, request.ip) }),
  });
  serve(app, E.allocationExport, {
    access: { ...access, entity: 'body' },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const locations = await locationScope(db, principal, request.body.filters?.entityIds);
      const { items } = await findAllocations(db, allocationWhere(principal.subscriberId, locations, request.body.filters), {
        start: 0,
        size: AUDITED_EXPORT_LIMIT,
        sortExpression: request.body.sortExpression,
      });
      return sendAuditedExport(db, request, reply, {
        entityType: 'AllocateSeries',
        sheet: 'Allocated series',
        fileName: 'allocated-series.xlsx',
        columns: ALLOCATION_COLUMNS,
        rows: items,
        filters: request.body.filters,
      });
    },
  });

  // The document screen's users, on a location they may open.
  serve(app, E.availableSeries, {
    access: { rights: ['DocumentCreate', 'DocumentDraft', 'DocumentEdit'], entity: 'query' },
    handler: async (request) => availableSeries(db, principalOf(request), request.query),
  });
};
