// Routes of DRC-01B / DRC-01C (spec core §2 /drc-01b, /drc-01c, /drc-01b-view, /drc-01c-view: the Drc01 right).
// Entity ids in a request are checked by the access plugin; an intimation named by id is looked up within the
// caller's subscriber and then checked against the user's locations.
import { DRC01_ENDPOINTS as D } from '@opengst/contracts';
import { indiaDateOf } from '@opengst/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { detailOf, precheckOf, replyToIntimation, requestReplyOtp, searchIntimations, syncIntimations } from './drc01.service';

export const drc01Routes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  // The 7 days of Rules 88C(2) and 88D(2) are counted in India's calendar, as the portal counts them.
  const today = () => indiaDateOf(ctx.now());

  serve(app, D.search, {
    access: { rights: ['Drc01'], entity: 'body' },
    handler: async (request) => searchIntimations(db, principalOf(request), request.body, today()),
  });
  serve(app, D.detail, {
    access: { rights: ['Drc01'] },
    handler: async (request) => detailOf(ctx, principalOf(request), request.query.id, today()),
  });
  serve(app, D.sync, {
    access: { rights: ['Drc01'], entity: 'body' },
    handler: async (request) => syncIntimations(ctx, principalOf(request), request.body, request.ip),
  });
  serve(app, D.precheck, {
    access: { rights: ['Drc01'], entity: 'query' },
    handler: async (request) => precheckOf(ctx, principalOf(request), request.query, today()),
  });
  serve(app, D.requestOtp, {
    access: { rights: ['Drc01'] },
    handler: async (request) => requestReplyOtp(ctx, principalOf(request), request.body.id),
  });
  serve(app, D.reply, {
    access: { rights: ['Drc01'] },
    handler: async (request) => replyToIntimation(ctx, principalOf(request), request.body, today(), request.ip),
  });
};
