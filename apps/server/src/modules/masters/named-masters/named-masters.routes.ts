// Routes of /level-master, /verticals and /notice-tag (right MasterChartOfAccounts, the spec's one right for the
// chart of accounts, levels, tags and verticals): each master's five calls over the one named-master service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../platform/access.plugin';
import type { AppContext } from '../../../platform/context';
import { serve } from '../../../platform/endpoint';
import { AUDITED_EXPORT_LIMIT, sendAuditedExport } from '../../../platform/audited-export';
import { LEVELS } from './levels.master';
import { namedMasterService, type CommonRecord, type CommonSave, type NamedMasterDefinition } from './named-master.service';
import { NOTICE_TAGS } from './notice-tags.master';
import { VERTICALS } from './verticals.master';

const access = { rights: ['MasterChartOfAccounts'] } as const;

const namedMasterRoutes =
  <Rec extends CommonRecord, Save extends CommonSave>(def: NamedMasterDefinition<Rec, Save>): FastifyPluginAsyncZod<AppContext> =>
  async (app, ctx) => {
    const { db } = ctx.database;
    const master = namedMasterService(def);
    const E = def.endpoints;

    serve(app, E.search, { access, handler: async (request) => master.search(db, principalOf(request), request.body) });
    // The body was parsed by the master's own save schema; its output type does not survive the generic request type.
    serve(app, E.save, { access, handler: async (request) => master.save(db, principalOf(request), request.body as Save, request.ip) });
    serve(app, E.updateStatus, {
      access,
      handler: async (request) => ({
        affected: await master.updateStatus(db, principalOf(request), request.body.ids, request.body.status, request.ip),
      }),
    });
    serve(app, E.delete, {
      access,
      handler: async (request) => ({ affected: await master.remove(db, principalOf(request), request.body.ids, request.ip) }),
    });
    serve(app, E.export, {
      access,
      handler: async (request, reply) => {
        const { items } = await master.search(db, principalOf(request), {
          start: 0,
          size: AUDITED_EXPORT_LIMIT,
          sortExpression: request.body.sortExpression,
          filters: request.body.filters,
        });
        return sendAuditedExport(db, request, reply, {
          entityType: def.auditType,
          ...def.export,
          rows: items,
          filters: request.body.filters,
        });
      },
    });
  };

export const levelRoutes = namedMasterRoutes(LEVELS);
export const verticalRoutes = namedMasterRoutes(VERTICALS);
export const noticeTagRoutes = namedMasterRoutes(NOTICE_TAGS);
