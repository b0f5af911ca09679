import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { auditRoutes } from './audit/audit.routes';
import { branchRoutes } from './branch/branch.routes';
import { departmentRoutes } from './department/department.routes';
import { entityRoutes } from './entity/entity.routes';
import { lookupRoutes } from './lookup/lookup.routes';

/** Organization: entities, branches, departments, subscriber lookups and the audit trail report (spec core §7). */
export const organizationModule: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await app.register(entityRoutes, ctx);
  await app.register(branchRoutes, ctx);
  await app.register(departmentRoutes, ctx);
  await app.register(lookupRoutes, ctx);
  await app.register(auditRoutes, ctx);
};
