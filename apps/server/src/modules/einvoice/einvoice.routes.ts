// Routes of /e-invoice (spec core §2 "E-invoice group"; issue 22). Reading needs EInvoiceView (or EInvoiceGenerate, as
// the route table allows either); generate and cancel need EInvoiceGenerate. Every call is scoped to the user's
// subscriber and locations: filters' entity ids are checked by the access plugin, documents by their location.
import { EINVOICE_ENDPOINTS as E } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { locationScope } from '../../platform/location-scope';
import { einvoiceDetail, generationProgress, requestCancellation, requestGeneration } from './einvoice-bulk.service';
import { printEinvoice } from './einvoice-print.service';
import { countEinvoiceStatuses, einvoiceWhere, findEinvoices } from './einvoice.repo';
import { saveIrpUser } from './irp-session.service';

const view = { rights: ['EInvoiceView', 'EInvoiceGenerate'], entity: 'body' } as const satisfies RouteAccess;
const act = { rights: ['EInvoiceGenerate'] } as const satisfies RouteAccess;

export const einvoiceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, E.einvoiceSearch, {
    access: view,
    handler: async (request) => {
      const principal = principalOf(request);
      const { filters, ...page } = request.body;
      const locations = await locationScope(db, principal, filters?.entityIds);
      return findEinvoices(db, einvoiceWhere(principal.subscriberId, locations, filters), page);
    },
  });

  serve(app, E.einvoiceStatusCount, {
    access: view,
    handler: async (request) => {
      const principal = principalOf(request);
      const { filters } = request.body;
      const locations = await locationScope(db, principal, filters?.entityIds);
      // The bar counts every status of the other filters: a status chip narrows the list, not the bar.
      const items = await countEinvoiceStatuses(db, einvoiceWhere(principal.subscriberId, locations, { ...filters, statuses: null }));
      return { items, total: items.reduce((sum, i) => sum + i.count, 0), isSandbox: ctx.irp.isSandbox };
    },
  });

  serve(app, E.einvoiceGenerate, {
    access: act,
    handler: async (request) => requestGeneration(ctx, principalOf(request), request.body.documentIds, request.ip),
  });

  serve(app, E.einvoiceProgress, {
    access: { rights: ['EInvoiceView', 'EInvoiceGenerate'] },
    handler: async (request) => generationProgress(ctx, principalOf(request), request.body.documentIds),
  });

  serve(app, E.einvoiceCancel, {
    access: act,
    handler: async (request) => ({ results: await requestCancellation(ctx, principalOf(request), request.body, request.ip) }),
  });

  serve(app, E.einvoiceIrpUserSave, {
    access: { rights: ['EInvoiceGenerate'], entity: 'body' },
    handler: async (request) => saveIrpUser(ctx, principalOf(request), request.body, request.ip),
  });

  serve(app, E.einvoiceDetail, {
    access: { rights: ['EInvoiceView', 'EInvoiceGenerate'] },
    handler: async (request) => einvoiceDetail(ctx, principalOf(request), request.query.documentId),
  });

  serve(app, E.einvoicePrint, {
    access: { rights: ['EInvoiceView', 'EInvoiceGenerate'] },
    handler: async (request, reply) => {
      const { fileName, content } = await printEinvoice(ctx, principalOf(request), request.query.documentId);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(content);
    },
  });
};
