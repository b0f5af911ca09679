import { HEADERS, type RightId, type RightItem } from '@opengst/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from './context';
import { AppError } from './errors';
import { authenticateToken, type SessionPrincipal } from './auth/sessions';
import { assertEntityAccess, entityIdsIn } from './entity-access';
import { computeRightsList, isRightHeld } from './rights';
import { loadSubscriberSettings } from './settings/subscriber-settings';

/**
 * What a route needs, declared on every /api route (registration fails otherwise):
 * - public: anyone (sign-in, public pages);
 * - signedIn: any signed-in user (their own settings, logout);
 * - rights: a signed-in user holding any one of these rights (spec core §6).
 * `duringMaintenance` lets an authenticated route answer while maintenance is on (the switch itself).
 */
export type RouteAccess =
  | { public: true }
  | { signedIn: true; duringMaintenance?: boolean; entity?: EntityLocation }
  | { rights: readonly [RightId, ...RightId[]]; duringMaintenance?: boolean; entity?: EntityLocation };

/**
 * Entity-scoped routes say where their entity ids arrive (`entityId`, `entityIds`, or inside `filters`); each one is
 * checked against the user's subscriber and location access before the handler runs.
 */
export type EntityLocation = 'query' | 'body' | 'params';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: SessionPrincipal | null;
  }
  interface FastifyInstance {
    /** Every /api route with what it declared: the security test walks this table. */
    routeAccess: { method: string; url: string; access: RouteAccess }[];
  }
}

const RIGHTS_CACHE_MS = 5000;

/** The signed-in user of a route declared signedIn or rights; the hook has already refused anyone else. */
export const principalOf = (request: FastifyRequest): SessionPrincipal => {
  if (!request.principal) throw new AppError('AUTH0013');
  return request.principal;
};

export const accessPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx.database;
  const rightsCache = new Map<string, { items: RightItem[]; at: number }>();
  const rightsOf = async (p: SessionPrincipal): Promise<RightItem[]> => {
    const key = `${p.subscriberId}:${p.roleId}`;
    const hit = rightsCache.get(key);
    if (hit && Date.now() - hit.at < RIGHTS_CACHE_MS) return hit.items;
    const items = await computeRightsList(db, p.subscriberId, p.roleId, ctx.now());
    rightsCache.set(key, { items, at: Date.now() });
    return items;
  };

  app.decorateRequest('principal', null);
  const table: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', table);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    const declared = access && ('public' in access || 'signedIn' in access || ('rights' in access && access.rights.length > 0));
    if (!declared) throw new Error(`Route ${route.method} ${route.url} declares neither rights nor public access.`);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    if (!access.duringMaintenance && (await ctx.maintenance.isOn())) throw new AppError('GEN0006');
    const token = request.headers[HEADERS.authToken];
    request.principal = await authenticateToken(
      db,
      typeof token === 'string' ? token : undefined,
      async (subscriberId) => (await loadSubscriberSettings(db, subscriberId)).security,
      ctx.now(),
    );
    if ('rights' in access) {
      const items = await rightsOf(request.principal);
      const held = access.rights.some((rightId) => isRightHeld(items.find((item) => item.rightId === rightId)));
      if (!held) throw new AppError('GEN0002');
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access || !access.entity || !request.principal) return;
    await assertEntityAccess(db, request.principal, entityIdsIn(request[access.entity]));
  });
});
