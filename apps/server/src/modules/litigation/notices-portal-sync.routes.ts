// The notice register's sync from the GST portal (/litigation-management "Sync from GST portal"; premium right
// LitigationEdit). The body's entityId is checked by the access plugin (404 another subscriber's, 403 another location).
import { NOTICE_PORTAL_SYNC_ENDPOINTS as E } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { syncNoticesFromPortal } from './notices-portal-sync';

export const noticePortalSyncRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, E.noticePortalSync, {
    access: { rights: ['LitigationEdit'], entity: 'body' },
    handler: async (request) => syncNoticesFromPortal(ctx, principalOf(request), request.body.entityId, request.ip),
  });
};
