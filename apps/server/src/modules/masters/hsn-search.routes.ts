import { istDateOf } from '@opengst/domain';
import { HSN_SEARCH_ENDPOINTS } from '@opengst/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { serve } from '../../platform/endpoint';
import { searchHsnDirectory } from './official-hsn.service';

/**
 * The public HSN/SAC search of /hsn-codes-master (spec core §2): no sign-in, so limited per address like the other public
 * routes (sign-in, registration). The directory is the process's one index (official-hsn.service.ts).
 */
export const hsnSearchRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, HSN_SEARCH_ENDPOINTS.search, {
    access: { public: true },
    config: { rateLimit: { max: ctx.config.signInRatePerMinute, timeWindow: '1 minute' } },
    handler: async (request) => searchHsnDirectory(ctx.config.hsnDirectoryFile, request.query, istDateOf(ctx.now())),
  });
};
