import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

/** Organization: entities, branches, departments, subscriber lookups and the audit trail report (spec core §7). */
export const organizationModule: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
