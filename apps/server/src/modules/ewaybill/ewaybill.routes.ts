// Routes of /e-way-bill and /consolidated-eway-bill (spec core §2 "E-way bill group"; issue 22). Reading needs
// EWayBillView (or EWayBillGenerate); the actions need EWayBillGenerate; the trip sheets ConsolidatedEWayBill. Every
// call is scoped to the user's subscriber and locations: filters' entity ids are checked by the access plugin,
// documents and trip sheets by their location.
import { EWAYBILL_ENDPOINTS as E } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { locationScope } from '../../platform/location-scope';
import { consolidate, regenerateTripSheet } from './consolidated.service';
import { consolidatedWhere, countEwaybillStatuses, ewaybillWhere, findConsolidated, findEwaybills } from './ewaybill.repo';
import { ewaybillDetail } from './ewaybill.service';
import { generateEwaybill } from './ewaybill-generate.service';
import { cancelEwaybill, extendEwaybill, refreshEwaybill, updateTransporter, updateVehicle } from './ewaybill-actions.service';
import { saveEwbUser } from './ewb-session.service';
import { addMultiVehicle, changeMultiVehicle, startMultiVehicle } from './multi-vehicle.service';
import { rejectEwaybill } from './reject.service';

const view = { rights: ['EWayBillView', 'EWayBillGenerate'], entity: 'body' } as const satisfies RouteAccess;
const act = { rights: ['EWayBillGenerate'] } as const satisfies RouteAccess;
const trips = { rights: ['ConsolidatedEWayBill'] } as const satisfies RouteAccess;

export const ewaybillRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  serve(app, E.ewaybillSearch, {
    access: view,
    handler: async (request) => {
      const principal = principalOf(request);
      const { filters, ...page } = request.body;
      const locations = await locationScope(db, principal, filters?.entityIds);
      const now = ctx.now();
      return findEwaybills(db, ewaybillWhere(principal.subscriberId, locations, filters, now), page, now);
    },
  });

  serve(app, E.ewaybillStatusCount, {
    access: view,
    handler: async (request) => {
      const principal = principalOf(request);
      const { filters } = request.body;
      const locations = await locationScope(db, principal, filters?.entityIds);
      const now = ctx.now();
      // The bar counts every status of the other filters: a status chip narrows the list, not the bar.
      const items = await countEwaybillStatuses(
        db,
        ewaybillWhere(principal.subscriberId, locations, { ...filters, pushStatuses: null }, now),
        now,
      );
      return { items, total: items.reduce((sum, i) => sum + i.count, 0), isSandbox: ctx.ewb.isSandbox };
    },
  });

  serve(app, E.ewaybillDetail, {
    access: { rights: ['EWayBillView', 'EWayBillGenerate'] },
    handler: async (request) => ewaybillDetail(ctx, principalOf(request), request.query.documentId),
  });

  serve(app, E.ewaybillGenerate, {
    access: act,
    handler: async (request) => generateEwaybill(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.ewaybillUpdateVehicle, {
    access: act,
    handler: async (request) => updateVehicle(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.ewaybillUpdateTransporter, {
    access: act,
    handler: async (request) => updateTransporter(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.ewaybillExtend, {
    access: act,
    handler: async (request) => extendEwaybill(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.ewaybillCancel, {
    access: act,
    handler: async (request) => cancelEwaybill(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.ewaybillMultiVehicleStart, {
    access: act,
    handler: async (request) => startMultiVehicle(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.ewaybillMultiVehicleAdd, {
    access: act,
    handler: async (request) => addMultiVehicle(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.ewaybillMultiVehicleChange, {
    access: act,
    handler: async (request) => changeMultiVehicle(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.ewaybillReject, {
    access: { rights: ['EWayBillGenerate'], entity: 'body' },
    handler: async (request) => rejectEwaybill(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.ewaybillRefresh, {
    access: { rights: ['EWayBillView', 'EWayBillGenerate'] },
    handler: async (request) => refreshEwaybill(ctx, principalOf(request), request.body.documentId, request.ip),
  });
  serve(app, E.ewaybillUserSave, {
    access: { rights: ['EWayBillGenerate'], entity: 'body' },
    handler: async (request) => saveEwbUser(ctx, principalOf(request), request.body, request.ip),
  });

  serve(app, E.consolidatedSearch, {
    access: { rights: ['ConsolidatedEWayBill', 'EWayBillView'], entity: 'body' },
    handler: async (request) => {
      const principal = principalOf(request);
      const { filters, ...page } = request.body;
      const locations = await locationScope(db, principal, filters?.entityIds);
      return findConsolidated(db, consolidatedWhere(principal.subscriberId, locations, filters), page);
    },
  });
  serve(app, E.consolidatedGenerate, {
    access: trips,
    handler: async (request) => consolidate(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, E.consolidatedRegenerate, {
    access: trips,
    handler: async (request) => regenerateTripSheet(ctx, principalOf(request), request.body, request.ip),
  });
};
