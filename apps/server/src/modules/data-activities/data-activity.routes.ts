// Route of /data-activities (spec core §2): the pushes to the tax portal, the data synced from it, and the failed
// callbacks. Any of the three rights opens the screen; each list needs its own right.
import { DATA_ACTIVITY_ENDPOINTS, type DataActivityKind, type RightId } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { principalOf } from '../../platform/access.plugin';
import { serve } from '../../platform/endpoint';
import { computeRightsList, isRightHeld } from '../../platform/rights';
import { searchActivities } from './data-activity.repo';

const RIGHT_OF_KIND: Record<DataActivityKind, RightId> = {
  Push: 'DataActivitiesPush',
  Sync: 'DataActivitiesSync',
  Callback: 'DataActivitiesCallbacks',
};

export const dataActivityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  serve(app, DATA_ACTIVITY_ENDPOINTS.search, {
    access: { rights: ['DataActivitiesPush', 'DataActivitiesSync', 'DataActivitiesCallbacks'], entity: 'body' },
    handler: async (request) => {
      const principal = principalOf(request);
      const rights = await computeRightsList(db, principal.subscriberId, principal.roleId, ctx.now());
      if (!isRightHeld(rights.find((r) => r.rightId === RIGHT_OF_KIND[request.body.kind]))) throw new AppError('GEN0002');
      return searchActivities(db, principal, request.body);
    },
  });
};
