import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import type { JobWorker } from './jobs/job';

/**
 * A module of the route table as buildApp registers it (each module's `module.ts`): its routes, one Fastify plugin,
 * and the workers of its background jobs. Another module reaches it only through its `index.ts`.
 */
export type AppModule = {
  readonly name: string;
  readonly routes: FastifyPluginAsyncZod<AppContext>;
  readonly jobs?: (ctx: AppContext) => readonly JobWorker[];
};

/** The route plugins of a module's sub-features, registered as one. */
export const routesOf =
  (...plugins: FastifyPluginAsyncZod<AppContext>[]): FastifyPluginAsyncZod<AppContext> =>
  async (app, ctx) => {
    for (const plugin of plugins) await app.register(plugin, ctx);
  };
