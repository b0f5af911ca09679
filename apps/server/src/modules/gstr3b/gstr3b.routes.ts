// Routes of /gstr-3b (spec core §2, issue 19), each for one location (entity) and period: the access plugin checks the
// right and that the caller may see the entity; gstr3bTarget that it is the caller's subscriber's location with a
// GSTIN. Reading takes either GSTR-3B right; computing and entering figures, Gstr3bPrepare; the GST portal actions
// (Save, Submit, Offset, File: gstr3b-portal.service.ts), Gstr3bFile. A submitted return's figures are the portal's:
// computing or entering them again is refused (RET0007).
import { GSTR3B_ENDPOINTS } from '@opengst/contracts';
import { gstr3bJsonOf } from '@opengst/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../platform/access.plugin';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { requestGstr3bCompute } from './gstr3b-compute.service';
import { gstr3bDetailOf } from './gstr3b-detail.queries';
import { figureDocuments } from './gstr3b-drill-down.queries';
import { finalReturnOf } from './gstr3b-final.service';
import { UNKNOWN_LEDGERS } from './gstr3b-payment';
import {
  assertNotSubmitted,
  fileGstr3b,
  offsetGstr3b,
  readGstr3bSaveStatus,
  requestGstr3bFilingOtp,
  saveGstr3bToPortal,
  submitGstr3b,
} from './gstr3b-portal.service';
import { portalSessionIfActive, readLedgers, setOffOf } from './gstr3b-set-off';
import { saveGstr3bFigures } from './gstr3b-save.service';
import { gstr3bTimelineOf } from './gstr3b-timeline.queries';
import { findGstr3b, gstr3bTarget, type Gstr3bTarget } from './gstr3b.repo';

const read = { rights: ['Gstr3bPrepare', 'Gstr3bFile'], entity: 'query' } as const satisfies RouteAccess;
const readBody = { rights: ['Gstr3bPrepare', 'Gstr3bFile'], entity: 'body' } as const satisfies RouteAccess;
const prepare = { rights: ['Gstr3bPrepare'], entity: 'body' } as const satisfies RouteAccess;
const file = { rights: ['Gstr3bFile'], entity: 'body' } as const satisfies RouteAccess;

export const gstr3bRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const deps = { db, now: ctx.now };

  /** The location (the caller's, with a GSTIN) and its return of the period, null before the first compute. */
  const returnOf = async (principal: SessionPrincipal, entityId: number, returnPeriod: string) => {
    const target = await gstr3bTarget(db, principal, entityId);
    return { target, row: await findGstr3b(db, principal.subscriberId, entityId, returnPeriod) };
  };
  /** The detail of the period's return as it stands now (after a compute or a save). */
  const detailOf = async (principal: SessionPrincipal, target: Gstr3bTarget, returnPeriod: string) =>
    gstr3bDetailOf(
      db,
      principal.subscriberId,
      target,
      returnPeriod,
      await findGstr3b(db, principal.subscriberId, target.entityId, returnPeriod),
    );

  serve(app, GSTR3B_ENDPOINTS.detail, {
    access: read,
    handler: async (request) => {
      const principal = principalOf(request);
      const { entityId, returnPeriod } = request.query;
      return detailOf(principal, await gstr3bTarget(db, principal, entityId), returnPeriod);
    },
  });

  serve(app, GSTR3B_ENDPOINTS.compute, {
    access: prepare,
    handler: async (request) => {
      const principal = principalOf(request);
      const { entityId, returnPeriod, frequency } = request.body;
      const target = await gstr3bTarget(db, principal, entityId);
      await requestGstr3bCompute({ db, jobs: ctx.jobs }, principal, target, { returnPeriod, frequency }, request.ip);
      return detailOf(principal, target, returnPeriod);
    },
  });

  serve(app, GSTR3B_ENDPOINTS.figureDocuments, {
    access: readBody,
    handler: async (request) => {
      const principal = principalOf(request);
      const { row } = await returnOf(principal, request.body.entityId, request.body.returnPeriod);
      if (!row) return { items: [], totalRecords: 0 };
      return figureDocuments(db, principal.subscriberId, row.id, request.body);
    },
  });

  serve(app, GSTR3B_ENDPOINTS.saveFigures, {
    access: prepare,
    handler: async (request) => {
      const principal = principalOf(request);
      const { entityId, returnPeriod, figures } = request.body;
      const target = await gstr3bTarget(db, principal, entityId);
      assertNotSubmitted(await findGstr3b(db, principal.subscriberId, entityId, returnPeriod));
      await saveGstr3bFigures(deps, principal, target, returnPeriod, figures, request.ip);
      return detailOf(principal, target, returnPeriod);
    },
  });

  // The ledgers as the GST portal holds them when the GSTIN has a portal session, else unknown (said so).
  serve(app, GSTR3B_ENDPOINTS.setOff, {
    access: read,
    handler: async (request) => {
      const principal = principalOf(request);
      const { entityId, returnPeriod } = request.query;
      const { target, row } = await returnOf(principal, entityId, returnPeriod);
      const session = await portalSessionIfActive(ctx, target);
      const balance = session ? await readLedgers(ctx, session, returnPeriod) : null;
      const { setOff } = await setOffOf(ctx, target, row, balance);
      return { entityId, returnPeriod, ...setOff };
    },
  });

  /** A portal action on the period's return, then its detail as it stands. */
  const portalAction =
    (act: (principal: SessionPrincipal, target: Gstr3bTarget, ip: string) => Promise<void>) =>
    async (principal: SessionPrincipal, entityId: number, returnPeriod: string, ip: string) => {
      const target = await gstr3bTarget(db, principal, entityId);
      await act(principal, target, ip);
      return detailOf(principal, target, returnPeriod);
    };

  serve(app, GSTR3B_ENDPOINTS.saveToPortal, {
    access: file,
    handler: async (request) => {
      const { entityId, returnPeriod } = request.body;
      return portalAction((p, t, ip) => saveGstr3bToPortal(ctx, p, t, returnPeriod, ip))(
        principalOf(request),
        entityId,
        returnPeriod,
        request.ip,
      );
    },
  });

  serve(app, GSTR3B_ENDPOINTS.saveStatus, {
    access: file,
    handler: async (request) => {
      const { entityId, returnPeriod } = request.body;
      return portalAction((p, t, ip) => readGstr3bSaveStatus(ctx, p, t, returnPeriod, ip))(
        principalOf(request),
        entityId,
        returnPeriod,
        request.ip,
      );
    },
  });

  serve(app, GSTR3B_ENDPOINTS.submit, {
    access: file,
    handler: async (request) => {
      const { entityId, returnPeriod } = request.body;
      return portalAction((p, t, ip) => submitGstr3b(ctx, p, t, returnPeriod, ip))(
        principalOf(request),
        entityId,
        returnPeriod,
        request.ip,
      );
    },
  });

  serve(app, GSTR3B_ENDPOINTS.offset, {
    access: file,
    handler: async (request) => {
      const { entityId, returnPeriod } = request.body;
      return portalAction((p, t, ip) => offsetGstr3b(ctx, p, t, request.body, ip))(
        principalOf(request),
        entityId,
        returnPeriod,
        request.ip,
      );
    },
  });

  serve(app, GSTR3B_ENDPOINTS.fileOtp, {
    access: file,
    handler: async (request) => {
      const principal = principalOf(request);
      const { entityId, returnPeriod } = request.body;
      await requestGstr3bFilingOtp(ctx, principal, await gstr3bTarget(db, principal, entityId), returnPeriod);
      return { sent: true as const };
    },
  });

  serve(app, GSTR3B_ENDPOINTS.file, {
    access: file,
    handler: async (request) => {
      const { entityId, returnPeriod, otp } = request.body;
      return portalAction((p, t, ip) => fileGstr3b(ctx, p, t, returnPeriod, otp, ip))(
        principalOf(request),
        entityId,
        returnPeriod,
        request.ip,
      );
    },
  });

  serve(app, GSTR3B_ENDPOINTS.download, {
    access: read,
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { entityId, returnPeriod } = request.query;
      const { target, row: found } = await returnOf(principal, entityId, returnPeriod);
      const { row, figures } = await finalReturnOf(deps, target, found, UNKNOWN_LEDGERS);
      // The portal's offline utility names the file by form, GSTIN and period, as GSTR-1's download does.
      const name = `GSTR3B_${target.gstin}_${returnPeriod}.json`;
      await db.transaction((tx) =>
        writeAudit(tx, principal, {
          entityType: 'Gstr3b',
          entityKey: row.id,
          entityName: `GSTR3B ${target.gstin} ${returnPeriod}`,
          action: 'Export',
          after: { file: name },
          ip: request.ip,
        }),
      );
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(JSON.stringify(gstr3bJsonOf(figures)));
    },
  });

  serve(app, GSTR3B_ENDPOINTS.timeline, {
    access: read,
    handler: async (request) => {
      const principal = principalOf(request);
      const { entityId, returnPeriod } = request.query;
      const { target, row } = await returnOf(principal, entityId, returnPeriod);
      return gstr3bTimelineOf(db, principal.subscriberId, target, returnPeriod, row);
    },
  });
};
