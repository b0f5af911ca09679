// Routes of announcements. Public ones (spec core §7: search, get, count) need no session and are limited per address
// like the other public routes. /announcements needs no right (spec core §2), so the user's routes are signedIn and
// scoped to the user's own subscriber and user id. Writing is installation-wide, so it needs AdminMaintenance, the
// right only the installation's own subscriber is ever subscribed to (seed/provision.ts), as installation settings do.
import {
  ANNOUNCEMENT_ADMIN_ENDPOINTS as ADMIN,
  ANNOUNCEMENT_ENDPOINTS as MINE,
  PUBLIC_ANNOUNCEMENT_ENDPOINTS as PUBLIC,
} from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { principalOf } from '../../platform/access.plugin';
import { serve } from '../../platform/endpoint';
import {
  countPublic,
  deleteAnnouncement,
  getMine,
  getPublic,
  markRead,
  saveAnnouncement,
  searchAdmin,
  searchMine,
  searchPublic,
  unreadCount,
  withdrawAnnouncement,
} from './announcements.service';

export const announcementRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const publicAccess = {
    access: { public: true },
    config: { rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } },
  } as const;

  serve(app, PUBLIC.search, { ...publicAccess, handler: async (request) => searchPublic(db, ctx.now(), request.body) });
  serve(app, PUBLIC.get, { ...publicAccess, handler: async (request) => getPublic(db, ctx.now(), request.query.id) });
  serve(app, PUBLIC.count, { ...publicAccess, handler: async () => countPublic(db, ctx.now()) });

  serve(app, MINE.search, {
    access: { signedIn: true },
    handler: async (request) => searchMine(db, ctx.now(), principalOf(request), request.body),
  });
  serve(app, MINE.get, {
    access: { signedIn: true },
    handler: async (request) => getMine(db, ctx.now(), principalOf(request), request.query.id),
  });
  serve(app, MINE.unreadCount, {
    access: { signedIn: true },
    handler: async (request) => unreadCount(db, ctx.now(), principalOf(request)),
  });
  serve(app, MINE.markRead, {
    access: { signedIn: true },
    handler: async (request) => markRead(db, ctx.now(), principalOf(request), request.body.ids),
  });

  serve(app, ADMIN.search, {
    access: { rights: ['AdminMaintenance'] },
    handler: async (request) => searchAdmin(db, ctx.now(), request.body),
  });
  serve(app, ADMIN.save, {
    access: { rights: ['AdminMaintenance'] },
    handler: async (request) => saveAnnouncement(db, ctx.now(), principalOf(request), request.body, request.ip),
  });
  serve(app, ADMIN.withdraw, {
    access: { rights: ['AdminMaintenance'] },
    handler: async (request) => withdrawAnnouncement(db, ctx.now(), principalOf(request), request.body.id, request.ip),
  });
  serve(app, ADMIN.delete, {
    access: { rights: ['AdminMaintenance'] },
    handler: async (request) => deleteAnnouncement(db, principalOf(request), request.body.id, request.ip),
  });
};
