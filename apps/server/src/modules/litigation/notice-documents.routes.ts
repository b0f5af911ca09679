// Routes of a notice's documents (/create-litigation, /edit-litigation): read with LitigationManagement, attach and
// delete with LitigationEdit; the notice's own reach (locations, a consultant's notices) is checked by the service.
import { NOTICE_DOCUMENT_ENDPOINTS as E } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access.plugin';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { attachNoticeDocument, deleteNoticeDocument, listNoticeDocuments } from './notice-documents.service';

export const noticeDocumentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  serve(app, E.list, {
    access: { rights: ['LitigationManagement'] },
    handler: async (request) => listNoticeDocuments(db, principalOf(request), request.query.noticeId),
  });
  serve(app, E.attach, {
    access: { rights: ['LitigationEdit'] },
    handler: async (request) => attachNoticeDocument(db, principalOf(request), request.body, request.ip),
  });
  serve(app, E.delete, {
    access: { rights: ['LitigationEdit'] },
    handler: async (request) => deleteNoticeDocument(db, principalOf(request), request.body.id, request.ip, ctx.now()),
  });
};
