import type { NamedRecordEndpoints, RightId } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../platform/access.plugin';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { namedRecordService, type NamedRecordKind } from './named-record.service';

type Rights = readonly [RightId, ...RightId[]];

export type NamedRecordModule = NamedRecordKind & {
  endpoints: NamedRecordEndpoints;
  /** Either view right lists and reads; the manage rights save, set the status and delete. */
  rights: { view: Rights; manage: Rights };
};

/** The routes of one kind of named record (a branch, a department): its five endpoints over one shared service. */
export const namedRecordRoutes =
  ({ endpoints, rights, ...kind }: NamedRecordModule): FastifyPluginAsyncZod<AppContext> =>
  async (app, ctx) => {
    const { db } = ctx.database;
    const records = namedRecordService(kind);
    const view = { rights: rights.view };
    const manage = { rights: rights.manage };

    serve(app, endpoints.search, { access: view, handler: async (request) => records.search(db, principalOf(request), request.body) });

    serve(app, endpoints.detail, { access: view, handler: async (request) => records.find(db, principalOf(request), request.query.id) });

    serve(app, endpoints.save, {
      access: manage,
      handler: async (request) => {
        const principal = principalOf(request);
        const id = await records.save(db, principal, request.body, request.ip);
        return records.find(db, principal, id);
      },
    });

    serve(app, endpoints.updateStatus, {
      access: manage,
      handler: async (request) => ({
        affected: await records.updateStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip),
      }),
    });

    serve(app, endpoints.delete, {
      access: manage,
      handler: async (request) => ({ affected: await records.remove(db, principalOf(request), request.body.ids, request.ip) }),
    });
  };
