// Route of /data-activities (spec core §2): the pushes to the tax portal, the data synced from it, and the failed
// callbacks. Any of the three rights opens the screen; each list needs its own right.
import { DATA_ACTIVITY_API, DataActivitySearchRequestSchema, DataActivitySearchResponseSchema, dataOf, type DataActivityKind, type RightId } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { principalOf } from '../../plugins/access';
import { computeRightsList, isRightHeld } from '../settings/rights.service';
import { searchActivities } from './data-activity.repo';

const RIGHT_OF_KIND: Record<DataActivityKind, RightId> = { Push: 'DataActivitiesPush', Sync: 'DataActivitiesSync', Callback: 'DataActivitiesCallbacks' };

export const dataActivityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  app.post(DATA_ACTIVITY_API.search, {
    config: { access: { rights: ['DataActivitiesPush', 'DataActivitiesSync', 'DataActivitiesCallbacks'], entity: 'body' } },
    schema: { body: DataActivitySearchRequestSchema, response: { 200: dataOf(DataActivitySearchResponseSchema) } },
  }, async (request) => {
    const principal = principalOf(request);
    const rights = await computeRightsList(db, principal.subscriberId, principal.roleId, ctx.now());
    if (!isRightHeld(rights.find((r) => r.rightId === RIGHT_OF_KIND[request.body.kind]))) throw new AppError('GEN0002');
    return { data: await searchActivities(db, principal, request.body) };
  });
};
